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

    /// Wrapped at any width, a message breaks between its phrases, never inside a short one:
    /// "请勿泄露。" stays whole rather than leaving "泄" at a line's end.
    func testAMessageWrapsBetweenPhrases() throws {
        try MainActor.assumeIsolated {
            _ = H.application
            let number = try XCTUnwrap(PhoneNumber.check("13800138000").number)
            let message = "【CodeGate】验证码 588460，5分钟内有效，请勿泄露。"
            let inbox = MessageList()
            inbox.add(SMSMessage(recipient: number, text: message))
            let row = try XCTUnwrap(gtk_list_box_get_row_at_index(inbox.list.opaque, 0))
            let caption = try XCTUnwrap(H.descendant(of: row.cast(), named: "label"))
            let text = try XCTUnwrap(gtk_widget_get_next_sibling(caption))
            let layout = try XCTUnwrap(gtk_widget_create_pango_layout(text, message))
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_attributes(layout, gtk_label_get_attributes(text.opaque))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            var ends: Set<String> = []
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            // Every width from the whole text on one line down to a few characters a line.
            for width in stride(from: Int(logical.width), to: Int(logical.width) / 8, by: -Int(PANGO_SCALE)) {
                pango_layout_set_width(layout, Int32(width))
                for line in Self.lines(of: layout, text: message).dropLast() {
                    ends.insert(String(line.suffix(2)))
                    XCTAssertFalse(line.hasSuffix("泄"), "broken inside 泄露 at \(width / Int(PANGO_SCALE)) px: \(line)")
                    XCTAssertFalse(line.hasSuffix("分"), "broken inside 分钟 at \(width / Int(PANGO_SCALE)) px: \(line)")
                }
            }
            XCTAssertTrue(ends.contains("效，"), "wraps after a phrase: \(ends)")
        }
    }

    /// The text of each line `layout` laid `text` out on.
    private static func lines(of layout: OpaquePointer, text: String) -> [String] {
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var line = pango_layout_get_lines_readonly(layout)
        while let node = line {
            if let data = node.pointee.data {
                let pangoLine = data.assumingMemoryBound(to: PangoLayoutLine.self).pointee
                let start = Int(pangoLine.start_index)
                lines.append(String(decoding: bytes[start..<start + Int(pangoLine.length)], as: UTF8.self))
            }
            line = node.pointee.next
        }
        return lines
    }
}
