import CGtk
@testable import CodeGateApp
import CodeGateFlow
import CodeGateGateway
import CodeGateService
import GtkTestSupport
import XCTest

/// The inbox as a user reads it: when each message came, and which code is the one to use.
final class MessageListTests: XCTestCase {
    typealias H = GtkHarness

    func testANewerMessageMarksTheOlderOneSuperseded() throws {
        try MainActor.assumeIsolated {
            _ = H.application
            let number = try XCTUnwrap(PhoneNumber.check("13800138000").number)
            let inbox = MessageList()
            inbox.add(SMSMessage(recipient: number, text: "【CodeGate】验证码 111111"))
            let firstRow = try XCTUnwrap(gtk_list_box_get_row_at_index(inbox.list.opaque, 0))
            let caption = try XCTUnwrap(H.descendant(of: firstRow.cast(), named: "label"))
            let time = try XCTUnwrap(H.text(caption).split(separator: " ").first)
            XCTAssertEqual(time.count, 5, "hours and minutes: \(time)")
            XCTAssertEqual(H.text(caption), "\(time) 发送至 138****8000")
            inbox.add(SMSMessage(recipient: number, text: "【CodeGate】验证码 222222"))
            XCTAssertTrue(H.text(caption).hasSuffix("· 已有更新的验证码"), H.text(caption))
            let text = try XCTUnwrap(gtk_widget_get_next_sibling(caption))
            XCTAssertNotEqual(gtk_widget_has_css_class(text, "stale-message"), 0, "struck through")
            XCTAssertEqual(inbox.texts, ["【CodeGate】验证码 222222", "【CodeGate】验证码 111111"])
        }
    }
}
