/// One cell of a row, typed: what every store's driver binds and reads, and what the rows'
/// codecs (`RecordColumns`, `ReplyColumns`) make and take — SQLite's four storage classes,
/// which PostgreSQL's text format carries too.
package enum StoreValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)
    case bytes([UInt8])

    /// What a column holds.
    package enum Kind: Sendable {
        case integer, text, bytes
    }
}
