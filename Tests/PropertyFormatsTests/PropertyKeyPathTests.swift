import PropertyFormats
import Testing

/// The one parser of flat keys: segments, spelling and the ancestors the `swinjectkit` command
/// looks for.
@Suite struct PropertyKeyPathTests {
    @Test(arguments: [
        ("a.b.c", ["a", "b", "c"]),
        (#"a."b.c".d"#, ["a", "b.c", "d"]),
        (#"a."say \"hi\"".d"#, ["a", #"say "hi""#, "d"]),
        // A quote that does not start a segment is text: a JSON member named `b"c`.
        (#"a.b"c.d"#, ["a", #"b"c"#, "d"]),
        // A quote that starts a segment but does not close before the next dot is text too.
        (#"a."b.c"#, ["a", #""b"#, "c"]),
        (#"a."b"c.d"#, ["a", #""b"c"#, "d"]),
        ("", [""]),
        (".a", ["", "a"]),
        ("a.", ["a", ""]),
    ])
    func segments(key: String, expected: [String]) {
        #expect(PropertyKeyPath.segments(of: key) == expected)
    }

    @Test(arguments: [
        ["a", #"b"c"#, "d"], ["a", "b.c", "d"], [#""quoted""#], [#"back\slash.dot"#], ["", ""], ["x", #"""#],
    ])
    func spellingReadsBackAsTheSameSegments(segments: [String]) {
        #expect(PropertyKeyPath.segments(of: PropertyKeyPath.spelling(segments)) == segments)
    }

    @Test func aQuoteInsideASegmentNeedsNoQuoting() {
        #expect(PropertyKeyPath.spelling(["a", #"b"c"#, "d"]) == #"a.b"c.d"#)
        #expect(PropertyKeyPath.spelling(["a", #""b"#]) == #"a."\"b""#)
    }

    @Test(arguments: [
        ("a.b.c", ["a", "a.b"]),
        (#"a.b"c.d"#, ["a", #"a.b"c"#]),
        (#"a."b.c".d"#, ["a", #"a."b.c""#]),
        ("a", []),
    ])
    func ancestorsKeepTheKeysSpelling(key: String, expected: [String]) {
        #expect(PropertyKeyPath.ancestors(of: key) == expected)
    }
}
