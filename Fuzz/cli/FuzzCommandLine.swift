// libFuzzer entry point for CommandLinePropertyLoader, built by Scripts/fuzz.sh: the bytes split
// at NUL into arguments, read with the prefixes `--` and `--config.`, applied to a container and
// every key read back (FuzzReadBack). Checks that the unused arguments are the arguments in
// their order with the options taken out, that none of them before `--` starts with the prefix,
// and that every value's source names an argument that exists.

import Foundation
import Swinject
import SwinjectPropertyLoader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    for prefix in ["--", "--config."] {
        let loader = CommandLinePropertyLoader(arguments: arguments, prefix: prefix)
        FuzzReadBack.exercise(loader)
        check(loader, prefix: prefix)
    }
    return 0
}

private func check(_ loader: CommandLinePropertyLoader, prefix: String) {
    let unused = loader.unusedArguments
    var remaining = unused[...]
    for argument in loader.arguments where remaining.first == argument { remaining.removeFirst() }
    guard remaining.isEmpty else { fatalError("unused arguments are not in order: \(unused)") }
    let beforeEnd = unused.prefix { $0 != "--" }
    if let option = beforeEnd.first(where: { $0.utf8.starts(with: prefix.utf8) }) {
        fatalError("an option with the prefix was left unused: \(option)")
    }
    guard let batch = try? loader.loadBatch() else { return }
    for property in batch.properties {
        let number = property.source.name.split(separator: " ").last.flatMap { Int($0) } ?? 0
        guard (1...loader.arguments.count).contains(number), property.source.valuesAreText,
            property.source.position.line == 1, property.source.position.column >= 1
        else { fatalError("a source names no argument: \(property.source)") }
    }
}
