import CodeGateFlow
import CodeGateService
import CGtk

/// The `service-url` key of the app's GSettings schema: the code server to ask when
/// `--service` is not given; empty for the embedded gateway.
///
/// The schema is looked up first: `g_settings_new` aborts the process when a schema is not
/// installed, and a CodeGate run from a build folder, or installed without its schema, must
/// still start — on the embedded gateway, as with an empty key.
@MainActor
enum ServiceSetting {
    /// The schema's id, the application's.
    static let schemaID = CodeGateApplication.id
    static let key = "service-url"

    /// The server the key names; nil when it is empty or there is no schema; the reason
    /// when its value is no service URL, which the caller reports.
    static func read() -> Result<ServiceURL?, ServiceURLError> {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else { return .success(nil) }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0, let settings = g_settings_new_full(schema, nil, nil) else {
            return .success(nil)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        guard let value = g_settings_get_string(settings, key) else { return .success(nil) }
        defer { g_free(value) }
        let text = String(cString: value)
        guard !text.isEmpty else { return .success(nil) }
        return Result { () throws(ServiceURLError) in try ServiceURL(parsing: text) }
    }
}
