import SwinjectKitSupport

/// Instance cells by registration, made on first use.
final class LockedCells: Sendable {
    private let cells = LockedValue<[ObjectIdentifier: AsyncInstanceCell]>([:])

    func cell(for id: ObjectIdentifier) -> AsyncInstanceCell {
        cells.withLock { cells in
            if let cell = cells[id] { return cell }
            let cell = AsyncInstanceCell()
            cells[id] = cell
            return cell
        }
    }
}
