/// A challenge as the protocol spells it (docs/protocol.md), far from expiring, whose solution
/// is 7: what the service's parsing tests read and the HTTP tests' scripted server serves.
public enum SampleChallenge {
    /// Its text: bound 10, an all-zero salt, and a signature no gateway made.
    public static let text =
        "1.SHA-256.send_code.9999999999.10.00000000000000000000000000000000."
        + "7d6426bf2d8db17f7cef79e4aaaab36c566d7ff66dba202e318afb0dc337e3c2." + String(repeating: "ab", count: 32)
    /// The number that solves it.
    public static let solution = 7
}
