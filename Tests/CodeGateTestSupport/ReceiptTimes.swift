import CodeGateGateway
import CodeGateService

extension CodeReceipt {
    /// A receipt of `cooldown` and `validFor` seconds with no verification id: what a test that
    /// checks only the times compares against (`timesOnly`).
    public static func times(_ cooldown: Int, _ validFor: Int) -> CodeReceipt {
        CodeReceipt(cooldown: .seconds(cooldown), validFor: .seconds(validFor), verificationID: "")
    }

    /// The receipt with its verification id left out.
    public var timesOnly: CodeReceipt {
        CodeReceipt(cooldown: cooldown, validFor: validFor, verificationID: "")
    }
}

extension KeyedReceipt {
    /// The answer with the verification id of its receipt, if any, left out.
    public var timesOnly: KeyedReceipt {
        switch self {
        case .sent(let receipt): .sent(receipt.timesOnly)
        case .replayed(let receipt): .replayed(receipt.timesOnly)
        case .keyMismatch, .overBudget: self
        }
    }

    /// The receipt of a code sent or replayed; nil for a refusal.
    public var receipt: CodeReceipt? {
        switch self {
        case .sent(let receipt), .replayed(let receipt): receipt
        case .keyMismatch, .overBudget: nil
        }
    }
}
