/// One statement for the server: its SQL and its parameters ($1, $2… as text; nil for NULL).
struct PostgresStatement: Sendable {
    let sql: String
    let parameters: [String?]
}
