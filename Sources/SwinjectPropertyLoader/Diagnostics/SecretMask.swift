import PropertyFormats
import Swinject
import SwinjectKitSupport

/// Decides, for one container at one moment, which keys are secret, and renders values with
/// secrets as `***`: the one place descriptions, errors and logs take value texts from.
struct SecretMask {
    let secrets: PropertySecrets
    /// The snapshot whose sources and placeholder references count, or nil for names only.
    let snapshot: PropertySnapshot?
    /// Another test a key can meet to be secret, for callers that know sources the snapshot
    /// does not (a section being decoded).
    var alsoSecret: ((String) -> Bool)?

    /// The mask of `container`: its policy (or its nearest ancestor's) and current properties.
    init(container: Container) {
        secrets = PropertySecretsStorage.secrets(of: container)
        snapshot = PropertyStoreRegistry.store(forContainer: container).snapshot()
    }

    init(secrets: PropertySecrets, snapshot: PropertySnapshot?) {
        self.secrets = secrets
        self.snapshot = snapshot
    }

    /// Whether `key` is secret: by name, by its source, or through a placeholder that refers to
    /// a secret key (followed to any depth, each key once).
    func isSecret(_ key: String) -> Bool {
        var pending = [key]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            if secrets.isSecret(next) || alsoSecret?(next) == true { return true }
            guard let snapshot else { continue }
            switch snapshot.find(next) {
            case .value(_, let source)?:
                if snapshot.sources[Int(source)].isSecret { return true }
            case .table(let table)?:
                // A value beside members (``SnapshotTable/own``) is as secret as its source.
                if let own = table.own, snapshot.sources[Int(own.source)].isSecret { return true }
            case nil:
                break
            }
            if let placeholders = snapshot.placeholders {
                pending.append(contentsOf: placeholders.references(of: next).map(\.key))
            }
        }
        return false
    }

    /// The value of `key` as messages show it, cut at 60 characters: `***` when the key is
    /// secret, and each secret member of a table or array as `***`. Rendered with an explicit
    /// stack that stops once the text is long enough, however deep or wide the value.
    func displayText(_ value: PropertyValue, key: String) -> String {
        if isSecret(key) { return "***" }
        switch value {
        case .array, .table: break
        default: return value.displayText
        }
        let limit = 60
        var text = ""
        // One frame per open container: its members as (label, value, key), the next to show.
        var frames: [(members: [(label: String?, value: PropertyValue, key: String)], next: Int, close: String)] = []
        func open(_ value: PropertyValue, key: String) -> Bool {
            switch value {
            case .array(let nodes):
                text += "["
                frames.append((nodes.enumerated().map { (nil, $1.value, Self.child(key, String($0))) }, 0, "]"))
                return true
            case .table(let table):
                text += "{"
                frames.append((table.entries.map { ($0.key, $0.node.value, Self.child(key, $0.key)) }, 0, "}"))
                return true
            default:
                return false
            }
        }
        _ = open(value, key: key)
        while let top = frames.indices.last, text.count <= limit {
            let next = frames[top].next
            guard next < frames[top].members.count else {
                text += frames.removeLast().close
                continue
            }
            frames[top].next += 1
            if next > 0 { text += ", " }
            let member = frames[top].members[next]
            if let label = member.label { text += label + ": " }
            if isSecret(member.key) {
                text += "***"
            } else if !open(member.value, key: member.key) {
                text += member.value.displayText
            }
        }
        return text.count > limit ? String(text.prefix(57)) + "..." : text
    }

    private static func child(_ key: String, _ name: String) -> String {
        var bytes = Array(key.utf8)
        bytes.append(UInt8(ascii: "."))
        PropertyKeyPath.append(name, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Where each container keeps its ``PropertySecrets``.
enum PropertySecretsStorage {
    final class Box: Sendable {
        let secrets: LockedValue<PropertySecrets>
        init(_ secrets: PropertySecrets) { self.secrets = LockedValue(secrets) }
    }

    /// The policy set on `container` or its nearest ancestor, else the default.
    static func secrets(of container: Container) -> PropertySecrets {
        for member in ContainerLineage.ancestry(of: container) {
            if let box = ContainerAttachments.existing(for: member)?.value(Box.self) {
                return box.secrets.withLock { $0 }
            }
        }
        return .default
    }

    static func set(_ secrets: PropertySecrets, on container: Container) {
        let box = ContainerAttachments.of(container).value(Box.self) { Box(secrets) }
        box.secrets.withLock { $0 = secrets }
    }
}
