import Foundation

extension GeneratedInputs {
    /// A YAML document of about 2 MB: `sections` block mappings of scalar leaves (strings,
    /// integers, floats, Booleans, quoted strings), each with a flow sequence, a block sequence
    /// of small mappings, and a nested mapping that merges the first section's anchored
    /// defaults (`<<: *defaults`).
    public static func yaml(sections: Int = 1_000, leavesPerSection: Int = 64, serversPerSection: Int = 4) -> Data {
        let names = ["host", "port", "timeout", "enabled", "ratio", "label", "region", "retries"]
        var out = String()
        out.reserveCapacity(2_400_000)
        out += "# generated benchmark configuration\ntitle: benchmark\n"
        for section in 0..<sections {
            out += "section_\(section):\n"
            for leaf in 0..<leavesPerSection {
                out += "  \(names[leaf % names.count])_\(leaf): "
                switch leaf % 6 {
                case 0: out += "service-\(section)-\(leaf).internal.example.com\n"
                case 1: out += "\(1024 + (section * 31 + leaf) % 60_000)\n"
                case 2: out += "\(Double(section % 100) + Double(leaf) / 8)\n"
                case 3: out += leaf % 4 == 1 ? "true\n" : "false\n"
                case 4: out += "\"quoted value \(section) \(leaf)\"\n"
                default: out += "[\(section), \(leaf), \(section + leaf)]\n"
                }
            }
            out += "  servers:\n"
            for server in 0..<serversPerSection {
                out += "    - name: server-\(server)\n      weight: \(server + 1)\n"
            }
            if section == 0 {
                out += "  defaults: &defaults\n    pool: 8\n    tls: true\n"
            } else {
                out += "  pool:\n    <<: *defaults\n    pool: \(section % 32)\n"
            }
        }
        return Data(out.utf8)
    }
}
