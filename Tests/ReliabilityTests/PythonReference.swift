import Foundation

/// Runs one `python3` process that reads every file of a directory with Python's `json` or
/// `tomllib` and prints `name<TAB>canonical text` per file (the same text as
/// ``CanonicalText``), or `name<TAB>ERROR message`.
enum PythonReference {
    static let script = #"""
        import json, math, os, struct, sys
        mode, directory = sys.argv[1], sys.argv[2]
        if mode == "toml":
            import tomllib

        def hexs(text):
            return text.encode("utf-8", "surrogatepass").hex()

        def canon(value):
            import datetime
            if value is None:
                return "null"
            if value is True:
                return "true"
            if value is False:
                return "false"
            if isinstance(value, int):
                return "i:%d" % value
            if isinstance(value, float):
                if math.isnan(value):
                    return "f:nan"
                return "f:%016x" % struct.unpack("<Q", struct.pack("<d", value))[0]
            if isinstance(value, str):
                return "s:" + hexs(value)
            if isinstance(value, list):
                return "[" + ",".join(canon(v) for v in value) + "]"
            if isinstance(value, dict):
                members = sorted((hexs(k), canon(v)) for k, v in value.items())
                return "{" + ",".join("%s:%s" % m for m in members) + "}"
            if isinstance(value, datetime.datetime):
                offset = value.utcoffset()
                zone = "@local" if offset is None else "@%d" % int(offset.total_seconds())
                return "dt:%d-%d-%dT%d:%d:%d.%d%s" % (value.year, value.month, value.day, value.hour,
                    value.minute, value.second, value.microsecond * 1000, zone)
            if isinstance(value, datetime.date):
                return "dt:%d-%d-%dT@local" % (value.year, value.month, value.day)
            if isinstance(value, datetime.time):
                return "dt:T%d:%d:%d.%d@local" % (value.hour, value.minute, value.second, value.microsecond * 1000)
            return "?" + type(value).__name__

        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
                if mode == "json":
                    value = json.loads(data.decode("utf-8"))
                else:
                    value = tomllib.loads(data.decode("utf-8"))
                print(name + "\t" + canon(value))
            except Exception as error:
                print(name + "\tERROR " + repr(error).replace("\n", " "))
        """#

    /// The path of `python3`, or nil when it is not installed.
    static var python: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Canonical texts by file name, or nil when Python (or `tomllib`, Python 3.11+) is missing.
    static func read(_ mode: String, directory: URL) throws -> [String: String]? {
        guard let python else { return nil }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, mode, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var result: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }
}
