import Swinject
import SwinjectKitSupport

/// The instances of one Swinject container's entries marked with `shutsDown()`, in the order they
/// were created, kept until the container's `shutdown()` closes them.
///
/// Attached to the container through ``ContainerAttachments``, so it lives exactly as long as the
/// container.
final class ShutdownLedger: Sendable {
    private struct Record {
        let stamp: UInt64
        let value: Any
        let serviceType: String
        var claimed = false
    }

    private let records = LockedValue<[Record]>([])

    /// The ledger of `container`, attached on first use.
    static func of(_ container: Container) -> ShutdownLedger {
        ContainerAttachments.of(container).value(ShutdownLedger.self) { ShutdownLedger() }
    }

    /// The ledger of `container` if one was attached; never attaches anything.
    static func existing(for container: Container) -> ShutdownLedger? {
        ContainerAttachments.existing(for: container)?.value(ShutdownLedger.self)
    }

    /// Records an instance an entry marked with `shutsDown()` created. An instance recorded before
    /// (the same object, resolved again through a scope that returns it) is recorded once.
    func record<Service>(_ value: Service) {
        let stamp = CreationOrder.next()
        let serviceType = TypeNames.qualified(Service.self)
        records.withLock { records in
            if type(of: value as Any) is AnyClass {
                let object = value as AnyObject
                if records.contains(where: { ($0.value as AnyObject) === object }) { return }
            }
            records.append(Record(stamp: stamp, value: value, serviceType: serviceType))
        }
    }

    /// The recorded instances not shut down yet, each with a claim that succeeds once.
    func pendingInstances() -> [CreatedInstance] {
        records.withLock { records in
            records.indices.compactMap { index -> CreatedInstance? in
                let record = records[index]
                guard !record.claimed else { return nil }
                let stamp = record.stamp
                return CreatedInstance(
                    stamp: stamp, value: record.value, serviceType: record.serviceType,
                    claim: { [self] in self.claim(stamp: stamp) })
            }
        }
    }

    private func claim(stamp: UInt64) -> Bool {
        records.withLock { records in
            guard let index = records.firstIndex(where: { $0.stamp == stamp }), !records[index].claimed else {
                return false
            }
            records[index].claimed = true
            return true
        }
    }
}
