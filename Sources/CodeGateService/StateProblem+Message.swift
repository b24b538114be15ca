import CodeGateBase

// The gateway's words for its state, which its HTTP answers and the app's window both say:
// the app runs the same gateway embedded, so a user reads the same sentence either way.
extension StateProblem {
    /// The sentence for people: in the window, and in the gateway's error answers.
    public var message: String {
        switch self {
        case .folder: localized("状态文件夹不能使用，暂时无法发送或核对验证码")
        case .full: localized("磁盘已满，暂时无法发送或核对验证码")
        case .readOnly: localized("状态文件夹只读，暂时无法发送或核对验证码")
        case .busy: localized("另一个 CodeGate 正在使用验证码记录，请稍后再试")
        case .other: localized("无法读写验证码记录，暂时无法发送或核对验证码")
        case .crowded(let seconds) where seconds > 120:
            localized("验证码记录已满，请 {0} 分钟后再试", "验证码记录已满，请 {0} 分钟后再试", count: (seconds + 59) / 60).filling(
                (seconds + 59) / 60)
        case .crowded(let seconds):
            localized("验证码记录已满，请 {0} 秒后再试", "验证码记录已满，请 {0} 秒后再试", count: seconds).filling(seconds)
        case .recovering(let seconds) where seconds > 120:
            localized(
                "验证码记录损坏后已重建，为免重复发送，请 {0} 分钟后再试", "验证码记录损坏后已重建，为免重复发送，请 {0} 分钟后再试",
                count: (seconds + 59) / 60
            ).filling((seconds + 59) / 60)
        case .unreachable(let seconds):
            localized("暂时无法连接验证码数据库，请 {0} 秒后再试", "暂时无法连接验证码数据库，请 {0} 秒后再试", count: seconds).filling(
                seconds)
        case .recovering(let seconds):
            localized(
                "验证码记录损坏后已重建，为免重复发送，请 {0} 秒后再试", "验证码记录损坏后已重建，为免重复发送，请 {0} 秒后再试",
                count: seconds
            ).filling(seconds)
        }
    }
}
