import CodeGateBase
import Testing

@Suite struct MessageFillingTests {
    @Test func placeholdersTakeTheirArgumentsWhereverTheyStand() {
        #expect("短信 · {0}".filling("138****8000") == "短信 · 138****8000")
        #expect("{1} before {0}".filling("a", 2) == "2 before a")
        #expect("{0}{0}".filling("x") == "xx")
    }

    @Test func aValueThatReadsLikeAPlaceholderIsNotFilledAgain() {
        #expect("{0} and {1}".filling("{1}", "b") == "{1} and b")
    }

    @Test func bracesThatAreNoPlaceholderStayText() {
        #expect("{2} {x} {+0} {} {0".filling("a") == "{2} {x} {+0} {} {0")
        #expect("{{0}}".filling("a") == "{a}")
        #expect("没有占位符".filling("a") == "没有占位符")
    }
}
