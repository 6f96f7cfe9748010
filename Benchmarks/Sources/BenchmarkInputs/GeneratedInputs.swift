import Foundation

/// The large benchmark inputs, generated deterministically in memory so nothing big is
/// committed. Each generator writes one document in several formats from the same values,
/// so a loader and its baseline always read the same content.
public enum GeneratedInputs {
    /// A JSON document of `sections` top-level objects with `leavesPerSection` leaves each
    /// (strings, integers, floats, booleans, and arrays of integers or strings).
    ///
    /// With `comments`, `//` line comments and `/* */` block comments are sprinkled between
    /// members; without, the same document is written with the comments left out. Arrays of
    /// objects are avoided so swift-configuration's `JSONSnapshot` accepts the document.
    public static func json(sections: Int = 2_000, leavesPerSection: Int = 50, comments: Bool) -> Data {
        var out = String()
        out.reserveCapacity(6_000_000)
        if comments { out += "// generated benchmark configuration\n/* sections: \(sections) */\n" }
        out += "{\n"
        for section in 0..<sections {
            if comments && section % 4 == 0 {
                out += "  /* section \(section): settings of service \(section % 97) */\n"
            }
            out += "  \"section_\(section)\": {\n"
            for leaf in 0..<leavesPerSection {
                if comments && leaf % 6 == 3 { out += "    // leaf \(leaf) of section \(section)\n" }
                out += "    \"\(leafName(leaf))_\(leaf)\": "
                out += jsonValue(section: section, leaf: leaf)
                out += leaf == leavesPerSection - 1 ? "\n" : ",\n"
            }
            out += section == sections - 1 ? "  }\n" : "  },\n"
        }
        out += "}\n"
        return Data(out.utf8)
    }

    /// A TOML document of about 2 MB: `sections` tables of scalar leaves, each followed by an
    /// array of tables (`[[section_N.servers]]`) of `serversPerSection` entries.
    public static func toml(sections: Int = 1_000, leavesPerSection: Int = 50, serversPerSection: Int = 6) -> Data {
        var out = String()
        out.reserveCapacity(2_500_000)
        out += "# generated benchmark configuration\ntitle = \"benchmark\"\n\n"
        for section in 0..<sections {
            out += "[section_\(section)]\n"
            for leaf in 0..<leavesPerSection {
                out += "\(leafName(leaf))_\(leaf) = \(tomlValue(section: section, leaf: leaf))\n"
            }
            for server in 0..<serversPerSection {
                out += "\n[[section_\(section).servers]]\n"
                out += "host = \"h\(server).s\(section)\"\nport = \(8000 + server)\nup = \(server % 2 == 0)\n"
                out += "weight = \(Double(server) + 0.5)\nzone = \"z\(server % 3)\"\n"
            }
            out += "\n"
        }
        return Data(out.utf8)
    }

    /// An XML property list of about 2 MB: a dictionary of `sections` dictionaries with
    /// strings, integers, reals, booleans and small arrays.
    public static func xmlPlist(sections: Int = 750, leavesPerSection: Int = 40) -> Data {
        var out = String()
        out.reserveCapacity(2_500_000)
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for section in 0..<sections {
            out += "\t<key>section_\(section)</key>\n\t<dict>\n"
            for leaf in 0..<leavesPerSection {
                out += "\t\t<key>\(leafName(leaf))_\(leaf)</key>\n\t\t"
                switch leaf % 5 {
                case 0: out += "<string>value-\(section)-\(leaf)-abcdefghijklmnopqrstuvwxyz</string>\n"
                case 1: out += "<integer>\(section &* 7919 &+ leaf)</integer>\n"
                case 2: out += "<real>\(Double(section) + Double(leaf) / 8)</real>\n"
                case 3: out += leaf % 2 == 0 ? "<true/>\n" : "<false/>\n"
                default: out += "<array><integer>\(leaf)</integer><integer>\(section)</integer></array>\n"
                }
            }
            out += "\t</dict>\n"
        }
        out += "</dict>\n</plist>\n"
        return Data(out.utf8)
    }

    private static let names = [
        "display_name", "retry_count", "sample_ratio", "feature_enabled", "routing_tags", "request_timeout",
        "deployment_region", "connection_limit", "shard_ids", "service_label",
    ]

    private static func leafName(_ leaf: Int) -> String { names[leaf % names.count] }

    private static func jsonValue(section: Int, leaf: Int) -> String {
        switch leaf % 10 {
        case 0, 6, 9: return "\"value-\(section)-\(leaf)-abcdefghijklmnopqrstuvwxyz\""
        case 1, 5, 7: return "\(section &* 7919 &+ leaf)"
        case 2: return "\(Double(section) + Double(leaf) / 8)"
        case 3: return (section + leaf) % 2 == 0 ? "true" : "false"
        case 4: return "[\"a\(leaf)\", \"b\(section)\"]"
        default: return "[\(leaf), \(section), \(leaf &+ section)]"
        }
    }

    private static func tomlValue(section: Int, leaf: Int) -> String {
        switch leaf % 10 {
        case 0, 6, 9: return "\"v\(section)-\(leaf)-abcdef\""
        case 1, 5, 7: return "\(section &* 7919 &+ leaf)"
        case 2: return "\(Double(section) + Double(leaf) / 8)"
        case 3: return (section + leaf) % 2 == 0 ? "true" : "false"
        case 4: return "[\"a\(leaf)\", \"b\(section)\"]"
        default: return "[\(leaf), \(section)]"
        }
    }
}
