#!/usr/bin/python3
"""`make controls`: writes each control's properties, declared once in gobject/controls.toml, to
the three places that spell them out: the Swift ids (`<Control>+PropertyID.swift`, in
CodeGateGtk), the C getters and setters (`<Control>Properties.swift`, in CodeGateGObject) and
codegate.h's declarations and gtk-doc comments between its `BEGIN`/`END` markers.

`--check` (the `controls` suite of `make test`) writes nothing: it prints each file that differs
from what it would write and exits 1, so a property changed anywhere but in controls.toml
fails the tests.

What a property does stays Swift's: its kind and default in the control's `kind(of:)` and its
getter and setter in the control's property table, both exhaustive switches over the
generated ids, so a new id is a compile error until the control handles it.
"""
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECLARATION = ROOT / "gobject/controls.toml"
HEADER = ROOT / "gobject/codegate.h"
NOTICE = "Written by scripts/controls.py from gobject/controls.toml: change that file and run `make controls`."

# A property kind's C type, its Swift type at the C boundary and the `PropertyAccess` calls
# that get and set it.
KINDS = {
    "string": ("const gchar *", "UnsafePointer<CChar>?", "string", "setString"),
    "boolean": ("gboolean", "gboolean", "boolean", "setBoolean"),
    "uint": ("guint", "guint", "uint", "setUInt"),
    "double": ("gdouble", "Double", "double", "setDouble"),
    "enum": (None, "Int32", "enumeration", None),
    "object": (None, "UnsafeMutableRawPointer?", "object", "setObject"),
}


def camel(name):
    first, *rest = name.split("-")
    return first + "".join(word.capitalize() for word in rest)


def c_type(prop):
    fixed = KINDS[prop["kind"]][0]
    if fixed:
        return fixed
    return prop["c-type"] + (" *" if prop["kind"] == "object" else "")


def snake(prop):
    return prop["name"].replace("-", "_")


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def swift_ids(swift_name, control):
    props = control["property"]
    lines = [
        f"// {NOTICE}",
        "",
        f"extension {swift_name}: ControlInstance {{",
        f"    /// {control['type']}'s properties, in the order of their ids (gobject/controls.toml).",
        "    package enum PropertyID: Int, ControlPropertyID {",
    ]
    lines += [f"        case {camel(p['name'])}" for p in props]
    for member, value in (
        ("name", lambda p: swift_string(p["name"])),
        ("blurb", lambda p: swift_string(p["blurb"])),
        ("isWritable", lambda p: "true" if p["writable"] else "false"),
    ):
        kind = "Bool" if member == "isWritable" else "String"
        lines += ["", f"        package var {member}: {kind} {{", "            switch self {"]
        for p in props:
            case = f"            case .{camel(p['name'])}:"
            one_line = f"{case} {value(p)}"
            lines += [one_line] if len(one_line) <= 120 else [case, f"                {value(p)}"]
        lines += ["            }", "        }"]
    lines += ["    }", "}", ""]
    return "\n".join(lines)


def swift_function(name, parameters, result, body):
    """A `@_cdecl` function, its signature on one line when it fits in 120 columns."""
    returns = f" -> {result}" if result else ""
    one_line = f"public func {name}({', '.join(parameters)}){returns} {{"
    lines = [f'@_cdecl("{name}")']
    if len(one_line) <= 120:
        lines.append(one_line)
    else:
        lines += [f"public func {name}("] + [f"    {p}," for p in parameters[:-1]] + [f"    {parameters[-1]}"]
        lines.append(f"){returns} {{")
    return lines + [f"    {body}", "}", ""]


def swift_accessors(swift_name, control):
    prefix = control["prefix"]
    lines = [f"// {NOTICE}", "", "import CGtk", "import CodeGateGtk", ""]
    lines.append(f"private typealias Access = PropertyAccess<{swift_name}>")
    lines.append("")
    for prop in control["property"]:
        _, swift_type, getter, setter = KINDS[prop["kind"]]
        case = camel(prop["name"])
        instance = "_ instance: UnsafeMutableRawPointer?"
        lines.append(f"/// Gets `{prop['name']}` (codegate.h documents it).")
        lines += swift_function(
            f"{prefix}_get_{snake(prop)}", [instance], swift_type, f"Access.{getter}(instance, .{case}, #function)")
        if prop["writable"]:
            parameter = prop.get("parameter", "value")
            lines.append(f"/// Sets `{prop['name']}`.")
            lines += swift_function(
                f"{prefix}_set_{snake(prop)}", [instance, f"_ {parameter}: {swift_type}"], None,
                f"Access.{setter}(instance, .{case}, {parameter}, #function)")
    return "\n".join(lines)


def c_declarations(control):
    """The getters' and setters' prototypes, laid out as codegate.h lays out its own: the names
    in one column, a `*` against the name it belongs to, each parameter under `self`."""
    self_type = control["type"]
    rows = []
    for prop in control["property"]:
        deprecated = " G_GNUC_DEPRECATED" if "deprecated" in prop else ""
        rows.append((c_type(prop), f"{control['prefix']}_get_{snake(prop)}", None, deprecated))
        if prop["writable"]:
            parameter = (c_type(prop), prop.get("parameter", "value"))
            rows.append(("void", f"{control['prefix']}_set_{snake(prop)}", parameter, deprecated))
    type_width = max(len(row[0]) + (0 if row[0].endswith("*") else 1) for row in rows)
    name_width = max(len(row[1]) for row in rows) + 1
    lines = []
    for result, name, parameter, deprecated in rows:
        first = f"{typed(result, type_width)}{name.ljust(name_width)}({typed(self_type + ' *', len(self_type) + 2)}self"
        if parameter is None:
            lines.append(f"{first}){deprecated};")
            continue
        lines.append(first + ",")
        indent = " " * (type_width + name_width + 1)
        lines.append(f"{indent}{typed(parameter[0], len(self_type) + 2)}{parameter[1]}){deprecated};")
    return lines


def typed(c, width):
    """A C type in a column `width` wide, its `*` (if any) in the last place, against a name."""
    if c.endswith("*"):
        return c[:-1].rstrip().ljust(width - 1) + "*"
    return c.ljust(width)


def doc_block(name, lines):
    out = ["/**", f" * {name}:"]
    out += [f" * {line}".rstrip() for line in lines]
    return out + [" */"]


def c_docs(control):
    type_name = control["type"]
    lines = []
    for prop in control["property"]:
        deprecated = []
        if "deprecated" in prop:
            first, *rest = prop["deprecated"].strip().split("\n")
            deprecated = ["", f"Deprecated: {prop['deprecated-since']}: {first}"] + [f"  {line}" for line in rest]
        reference = f"#{type_name}:{prop['name']}"
        lines += doc_block(f"{type_name}:{prop['name']}", [""] + prop["doc"].strip().split("\n") + deprecated)
        self_doc = f"@self: a #{type_name}"
        annotations = ""
        if prop["kind"] in ("string", "object"):
            annotations = "(transfer none) " + ("(nullable) " if prop.get("nullable") else "")
        returns = f"Returns: {annotations.rstrip()}{': ' if annotations else ''}{prop['returns']}"
        lines += doc_block(
            f"{control['prefix']}_get_{snake(prop)}",
            [self_doc, "", f"Gets {reference}.", "", *wrap(returns)] + function_deprecation(prop, reference))
        if prop["writable"]:
            nullable = "(nullable): " if prop.get("accepts-null") else ""
            parameter = f"@{prop.get('parameter', 'value')}: {nullable}{prop['parameter-doc']}"
            lines += doc_block(
                f"{control['prefix']}_set_{snake(prop)}",
                [self_doc, *wrap(parameter), "", f"Sets {reference}."] + function_deprecation(prop, reference))
    return lines


def function_deprecation(prop, reference):
    if "deprecated" not in prop:
        return []
    return ["", f"Deprecated: {prop['deprecated-since']}: {reference} is shown nowhere."]


def wrap(text, width=93):
    """A gtk-doc tag's text in lines of at most `width`, continued two spaces in."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "  " + word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


def replace_region(text, label, lines):
    begin = f"/* BEGIN {label}, written from gobject/controls.toml by `make controls` */\n"
    end = f"/* END {label} */\n"
    start = text.index(begin) + len(begin)
    stop = text.index(end, start)
    return text[:start] + "".join(line + "\n" for line in lines) + text[stop:]


def outputs():
    with DECLARATION.open("rb") as file:
        controls = tomllib.load(file)
    header = HEADER.read_text()
    files = {}
    for swift_name, control in controls.items():
        files[ROOT / f"Sources/CodeGateGtk/Interop/GObject/{swift_name}+PropertyID.swift"] = swift_ids(
            swift_name, control)
        files[ROOT / f"Sources/CodeGateGObject/API/{swift_name}Properties.swift"] = swift_accessors(
            swift_name, control)
        header = replace_region(header, f"{control['type']} properties", c_declarations(control))
        header = replace_region(header, f"{control['type']} property docs", c_docs(control))
    files[HEADER] = header
    return files


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        print("usage: scripts/controls.py [--check]", file=sys.stderr)
        return 2
    stale = []
    for path, text in outputs().items():
        if path.exists() and path.read_text() == text:
            continue
        if check:
            stale.append(path.relative_to(ROOT))
        else:
            path.write_text(text)
            print(f"controls: wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"controls: {path} is not what gobject/controls.toml declares: run `make controls`")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
