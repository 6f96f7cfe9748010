import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// Shows sources and errors with the paths the user typed: the loaders name files by their
/// absolute paths, the command by the argument that named them.
struct SourceNames {
    /// Absolute path and the argument it came from, longest path first so that a file inside
    /// a named directory keeps the directory's spelling.
    private let paths: [(absolute: String, given: String)]

    init(files: [String]) {
        paths = files.map { (URL(fileURLWithPath: $0).path, $0) }
            .filter { $0.0 != $0.1 }
            .sorted { $0.absolute.utf8.count > $1.absolute.utf8.count }
    }

    /// `name` with an absolute path the user gave relatively spelled as given.
    func display(_ name: String) -> String {
        for (absolute, given) in paths {
            if name == absolute { return given }
            if name.hasPrefix(absolute + "/") { return given + name.dropFirst(absolute.utf8.count) }
        }
        return name
    }

    /// `name:line:column`, or `name` when the position is unknown.
    func display(_ source: PropertySource) -> String {
        let name = display(source.name)
        return source.position.isKnown ? "\(name):\(source.position.line):\(source.position.column)" : name
    }

    /// One `file:line:column: message` line for an error of the layer labelled `layer`.
    func message(for error: any Error, layer: String) -> String {
        if let error = error as? PropertyLoaderError {
            return message(error.message, source: error.source.isEmpty ? layer : error.source, at: error.position)
        }
        let text = relative(String(describing: error))
        return text.hasPrefix(layer) ? text : "\(layer): \(text)"
    }

    /// `source:line:column: message`, or `source: message` without a position, with paths as
    /// the user gave them.
    func message(_ message: String, source: String, at position: SourcePosition) -> String {
        let name = display(source)
        return position.isKnown
            ? "\(name):\(position.line):\(position.column): \(relative(message))"
            : "\(name): \(relative(message))"
    }

    /// `text` with every absolute path the user gave relatively spelled as given.
    private func relative(_ text: String) -> String {
        var text = text
        for (absolute, given) in paths { text = text.replacingOccurrences(of: absolute, with: given) }
        return text
    }
}
