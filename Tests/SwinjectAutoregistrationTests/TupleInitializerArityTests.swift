import Swinject
import SwinjectAutoregistration
import Testing

// Upstream's tuple-parameter `autoregister` overloads for every tuple length (0 and 2 to 20) and
// runtime-argument count (0 to 3), reached the way upstream users reach them: through a generic
// wrapper that holds the initializer as a `((P1, P2, ...)) -> Service` closure and forwards it.
// Each service records the values its initializer received; a parameter at position i is `Dep<i>`
// unless a runtime argument (`String`, `Int`, `Bool`) sits there.

// MARK: - The wrappers, as a project writes them

@discardableResult
private func forward<S>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping (()) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5, P6)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10>(
    _ container: Container, _ service: S.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18>(
    _ container: Container, _ service: S.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19>(
    _ container: Container, _ service: S.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20>(
    _ container: Container, _ service: S.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, A>(
    _ container: Container, _ service: S.Type, argument: A.Type, _ initializer: @escaping ((P1, P2)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, A>(
    _ container: Container, _ service: S.Type, argument: A.Type, _ initializer: @escaping ((P1, P2, P3)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, A>(
    _ container: Container, _ service: S.Type, argument: A.Type, _ initializer: @escaping ((P1, P2, P3, P4)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, A>(
    _ container: Container, _ service: S.Type, argument: A.Type, _ initializer: @escaping ((P1, P2, P3, P4, P5)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, A>(
    _ container: Container, _ service: S.Type, argument: A.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, argument: argument, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, A, B>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<
    S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, A, B
>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer: @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, A, B, C>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

@discardableResult
private func forward<
    S, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, A, B, C
>(
    _ container: Container, _ service: S.Type, arguments first: A.Type, _ second: B.Type, _ third: C.Type,
    _ initializer:
        @escaping ((P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20)) -> S
) -> ServiceEntry<S> {
    container.autoregister(service, arguments: first, second, third, initializer: initializer)
}

// MARK: - The services

private final class Tuple0With0 {
    let values: [Any]
    init() { values = [] }
}

private final class Tuple2With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2) { values = [p1, p2] }
}

private final class Tuple3With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3) { values = [p1, p2, p3] }
}

private final class Tuple4With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4) { values = [p1, p2, p3, p4] }
}

private final class Tuple5With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5) { values = [p1, p2, p3, p4, p5] }
}

private final class Tuple6With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6) { values = [p1, p2, p3, p4, p5, p6] }
}

private final class Tuple7With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7) {
        values = [p1, p2, p3, p4, p5, p6, p7]
    }
}

private final class Tuple8With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8]
    }
}

private final class Tuple9With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9]
    }
}

private final class Tuple10With0 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10]
    }
}

private final class Tuple11With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] }
}

private final class Tuple12With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12] }
}

private final class Tuple13With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13] }
}

private final class Tuple14With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14] }
}

private final class Tuple15With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15] }
}

private final class Tuple16With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16] }
}

private final class Tuple17With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17] }
}

private final class Tuple18With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18] }
}

private final class Tuple19With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19] }
}

private final class Tuple20With0 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19,
        p20: Dep20
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20] }
}

private final class Tuple2With1 {
    let values: [Any]
    init(p1: Dep1, p2: String) { values = [p1, p2] }
}

private final class Tuple3With1 {
    let values: [Any]
    init(p1: Dep1, p2: String, p3: Dep3) { values = [p1, p2, p3] }
}

private final class Tuple4With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: String, p4: Dep4) { values = [p1, p2, p3, p4] }
}

private final class Tuple5With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: String, p4: Dep4, p5: Dep5) { values = [p1, p2, p3, p4, p5] }
}

private final class Tuple6With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: String, p5: Dep5, p6: Dep6) { values = [p1, p2, p3, p4, p5, p6] }
}

private final class Tuple7With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: String, p5: Dep5, p6: Dep6, p7: Dep7) {
        values = [p1, p2, p3, p4, p5, p6, p7]
    }
}

private final class Tuple8With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: String, p6: Dep6, p7: Dep7, p8: Dep8) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8]
    }
}

private final class Tuple9With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: String, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9]
    }
}

private final class Tuple10With1 {
    let values: [Any]
    init(p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: String, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10]
    }
}

private final class Tuple11With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: String, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] }
}

private final class Tuple12With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: String, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12] }
}

private final class Tuple13With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: String, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13] }
}

private final class Tuple14With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: String, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14] }
}

private final class Tuple15With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: String, p9: Dep9, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15] }
}

private final class Tuple16With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: String, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16] }
}

private final class Tuple17With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: String, p10: Dep10,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17] }
}

private final class Tuple18With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: String,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18] }
}

private final class Tuple19With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: String,
        p11: Dep11, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19] }
}

private final class Tuple20With1 {
    let values: [Any]
    init(
        p1: Dep1, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10,
        p11: String, p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19,
        p20: Dep20
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20] }
}

private final class Tuple2With2 {
    let values: [Any]
    init(p1: Int, p2: String) { values = [p1, p2] }
}

private final class Tuple3With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: String) { values = [p1, p2, p3] }
}

private final class Tuple4With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: String) { values = [p1, p2, p3, p4] }
}

private final class Tuple5With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: String) { values = [p1, p2, p3, p4, p5] }
}

private final class Tuple6With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: String) { values = [p1, p2, p3, p4, p5, p6] }
}

private final class Tuple7With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: String) {
        values = [p1, p2, p3, p4, p5, p6, p7]
    }
}

private final class Tuple8With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8]
    }
}

private final class Tuple9With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9]
    }
}

private final class Tuple10With2 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10]
    }
}

private final class Tuple11With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] }
}

private final class Tuple12With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12] }
}

private final class Tuple13With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13] }
}

private final class Tuple14With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14] }
}

private final class Tuple15With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15] }
}

private final class Tuple16With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16] }
}

private final class Tuple17With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17] }
}

private final class Tuple18With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18] }
}

private final class Tuple19With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19] }
}

private final class Tuple20With2 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19, p20: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20] }
}

private final class Tuple3With3 {
    let values: [Any]
    init(p1: Int, p2: Bool, p3: String) { values = [p1, p2, p3] }
}

private final class Tuple4With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Bool, p4: String) { values = [p1, p2, p3, p4] }
}

private final class Tuple5With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Bool, p4: Dep4, p5: String) { values = [p1, p2, p3, p4, p5] }
}

private final class Tuple6With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Bool, p5: Dep5, p6: String) { values = [p1, p2, p3, p4, p5, p6] }
}

private final class Tuple7With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Bool, p5: Dep5, p6: Dep6, p7: String) {
        values = [p1, p2, p3, p4, p5, p6, p7]
    }
}

private final class Tuple8With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Bool, p6: Dep6, p7: Dep7, p8: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8]
    }
}

private final class Tuple9With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Bool, p6: Dep6, p7: Dep7, p8: Dep8, p9: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9]
    }
}

private final class Tuple10With3 {
    let values: [Any]
    init(p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Bool, p7: Dep7, p8: Dep8, p9: Dep9, p10: String) {
        values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10]
    }
}

private final class Tuple11With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Bool, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] }
}

private final class Tuple12With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Bool, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12] }
}

private final class Tuple13With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Bool, p8: Dep8, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13] }
}

private final class Tuple14With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Bool, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14] }
}

private final class Tuple15With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Bool, p9: Dep9, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15] }
}

private final class Tuple16With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Bool, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16] }
}

private final class Tuple17With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Bool, p10: Dep10, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17] }
}

private final class Tuple18With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Bool, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18] }
}

private final class Tuple19With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Bool, p11: Dep11,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19] }
}

private final class Tuple20With3 {
    let values: [Any]
    init(
        p1: Int, p2: Dep2, p3: Dep3, p4: Dep4, p5: Dep5, p6: Dep6, p7: Dep7, p8: Dep8, p9: Dep9, p10: Dep10, p11: Bool,
        p12: Dep12, p13: Dep13, p14: Dep14, p15: Dep15, p16: Dep16, p17: Dep17, p18: Dep18, p19: Dep19, p20: String
    ) { values = [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20] }
}

@Suite("Tuple-parameter initializers, every length")
struct TupleInitializerArityTests {
    /// Registers `Dep1` ... `Dep20`, each a fresh instance per resolve.
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Dep1.self) { _ in Dep1() }
        container.register(Dep2.self) { _ in Dep2() }
        container.register(Dep3.self) { _ in Dep3() }
        container.register(Dep4.self) { _ in Dep4() }
        container.register(Dep5.self) { _ in Dep5() }
        container.register(Dep6.self) { _ in Dep6() }
        container.register(Dep7.self) { _ in Dep7() }
        container.register(Dep8.self) { _ in Dep8() }
        container.register(Dep9.self) { _ in Dep9() }
        container.register(Dep10.self) { _ in Dep10() }
        container.register(Dep11.self) { _ in Dep11() }
        container.register(Dep12.self) { _ in Dep12() }
        container.register(Dep13.self) { _ in Dep13() }
        container.register(Dep14.self) { _ in Dep14() }
        container.register(Dep15.self) { _ in Dep15() }
        container.register(Dep16.self) { _ in Dep16() }
        container.register(Dep17.self) { _ in Dep17() }
        container.register(Dep18.self) { _ in Dep18() }
        container.register(Dep19.self) { _ in Dep19() }
        container.register(Dep20.self) { _ in Dep20() }
        return container
    }

    /// `values` holds, at each position, `Dep<position>` or the runtime argument placed there.
    private func expect(_ values: [Any], length: Int, arguments: [Int: Any]) {
        #expect(values.count == length)
        let dependencies: [Any.Type] = [
            Dep1.self, Dep2.self, Dep3.self, Dep4.self, Dep5.self, Dep6.self, Dep7.self, Dep8.self, Dep9.self,
            Dep10.self, Dep11.self, Dep12.self, Dep13.self, Dep14.self, Dep15.self, Dep16.self, Dep17.self, Dep18.self,
            Dep19.self, Dep20.self,
        ]
        for (index, value) in values.enumerated() {
            switch arguments[index] {
            case let expected as String: #expect(value as? String == expected)
            case let expected as Int: #expect(value as? Int == expected)
            case let expected as Bool: #expect(value as? Bool == expected)
            default: #expect(ObjectIdentifier(type(of: value)) == ObjectIdentifier(dependencies[index]))
            }
        }
    }

    @Test(arguments: [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    func noArguments(length: Int) throws {
        let container = makeContainer()
        let values: [Any]
        switch length {
        case 0:
            forward(container, Tuple0With0.self, Tuple0With0.init)
            values = try container.resolveOrThrow(Tuple0With0.self).values
        case 2:
            forward(container, Tuple2With0.self, Tuple2With0.init)
            values = try container.resolveOrThrow(Tuple2With0.self).values
        case 3:
            forward(container, Tuple3With0.self, Tuple3With0.init)
            values = try container.resolveOrThrow(Tuple3With0.self).values
        case 4:
            forward(container, Tuple4With0.self, Tuple4With0.init)
            values = try container.resolveOrThrow(Tuple4With0.self).values
        case 5:
            forward(container, Tuple5With0.self, Tuple5With0.init)
            values = try container.resolveOrThrow(Tuple5With0.self).values
        case 6:
            forward(container, Tuple6With0.self, Tuple6With0.init)
            values = try container.resolveOrThrow(Tuple6With0.self).values
        case 7:
            forward(container, Tuple7With0.self, Tuple7With0.init)
            values = try container.resolveOrThrow(Tuple7With0.self).values
        case 8:
            forward(container, Tuple8With0.self, Tuple8With0.init)
            values = try container.resolveOrThrow(Tuple8With0.self).values
        case 9:
            forward(container, Tuple9With0.self, Tuple9With0.init)
            values = try container.resolveOrThrow(Tuple9With0.self).values
        case 10:
            forward(container, Tuple10With0.self, Tuple10With0.init)
            values = try container.resolveOrThrow(Tuple10With0.self).values
        case 11:
            forward(container, Tuple11With0.self, Tuple11With0.init)
            values = try container.resolveOrThrow(Tuple11With0.self).values
        case 12:
            forward(container, Tuple12With0.self, Tuple12With0.init)
            values = try container.resolveOrThrow(Tuple12With0.self).values
        case 13:
            forward(container, Tuple13With0.self, Tuple13With0.init)
            values = try container.resolveOrThrow(Tuple13With0.self).values
        case 14:
            forward(container, Tuple14With0.self, Tuple14With0.init)
            values = try container.resolveOrThrow(Tuple14With0.self).values
        case 15:
            forward(container, Tuple15With0.self, Tuple15With0.init)
            values = try container.resolveOrThrow(Tuple15With0.self).values
        case 16:
            forward(container, Tuple16With0.self, Tuple16With0.init)
            values = try container.resolveOrThrow(Tuple16With0.self).values
        case 17:
            forward(container, Tuple17With0.self, Tuple17With0.init)
            values = try container.resolveOrThrow(Tuple17With0.self).values
        case 18:
            forward(container, Tuple18With0.self, Tuple18With0.init)
            values = try container.resolveOrThrow(Tuple18With0.self).values
        case 19:
            forward(container, Tuple19With0.self, Tuple19With0.init)
            values = try container.resolveOrThrow(Tuple19With0.self).values
        case 20:
            forward(container, Tuple20With0.self, Tuple20With0.init)
            values = try container.resolveOrThrow(Tuple20With0.self).values
        default:
            Issue.record("no service of length \(length)")
            return
        }
        expect(values, length: length, arguments: [:])
        _ = try container.verify()
    }

    @Test(arguments: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    func oneArgument(length: Int) throws {
        let container = makeContainer()
        let values: [Any]
        switch length {
        case 2:
            forward(container, Tuple2With1.self, argument: String.self, Tuple2With1.init)
            values = try container.resolveOrThrow(Tuple2With1.self, argument: "name").values
        case 3:
            forward(container, Tuple3With1.self, argument: String.self, Tuple3With1.init)
            values = try container.resolveOrThrow(Tuple3With1.self, argument: "name").values
        case 4:
            forward(container, Tuple4With1.self, argument: String.self, Tuple4With1.init)
            values = try container.resolveOrThrow(Tuple4With1.self, argument: "name").values
        case 5:
            forward(container, Tuple5With1.self, argument: String.self, Tuple5With1.init)
            values = try container.resolveOrThrow(Tuple5With1.self, argument: "name").values
        case 6:
            forward(container, Tuple6With1.self, argument: String.self, Tuple6With1.init)
            values = try container.resolveOrThrow(Tuple6With1.self, argument: "name").values
        case 7:
            forward(container, Tuple7With1.self, argument: String.self, Tuple7With1.init)
            values = try container.resolveOrThrow(Tuple7With1.self, argument: "name").values
        case 8:
            forward(container, Tuple8With1.self, argument: String.self, Tuple8With1.init)
            values = try container.resolveOrThrow(Tuple8With1.self, argument: "name").values
        case 9:
            forward(container, Tuple9With1.self, argument: String.self, Tuple9With1.init)
            values = try container.resolveOrThrow(Tuple9With1.self, argument: "name").values
        case 10:
            forward(container, Tuple10With1.self, argument: String.self, Tuple10With1.init)
            values = try container.resolveOrThrow(Tuple10With1.self, argument: "name").values
        case 11:
            forward(container, Tuple11With1.self, argument: String.self, Tuple11With1.init)
            values = try container.resolveOrThrow(Tuple11With1.self, argument: "name").values
        case 12:
            forward(container, Tuple12With1.self, argument: String.self, Tuple12With1.init)
            values = try container.resolveOrThrow(Tuple12With1.self, argument: "name").values
        case 13:
            forward(container, Tuple13With1.self, argument: String.self, Tuple13With1.init)
            values = try container.resolveOrThrow(Tuple13With1.self, argument: "name").values
        case 14:
            forward(container, Tuple14With1.self, argument: String.self, Tuple14With1.init)
            values = try container.resolveOrThrow(Tuple14With1.self, argument: "name").values
        case 15:
            forward(container, Tuple15With1.self, argument: String.self, Tuple15With1.init)
            values = try container.resolveOrThrow(Tuple15With1.self, argument: "name").values
        case 16:
            forward(container, Tuple16With1.self, argument: String.self, Tuple16With1.init)
            values = try container.resolveOrThrow(Tuple16With1.self, argument: "name").values
        case 17:
            forward(container, Tuple17With1.self, argument: String.self, Tuple17With1.init)
            values = try container.resolveOrThrow(Tuple17With1.self, argument: "name").values
        case 18:
            forward(container, Tuple18With1.self, argument: String.self, Tuple18With1.init)
            values = try container.resolveOrThrow(Tuple18With1.self, argument: "name").values
        case 19:
            forward(container, Tuple19With1.self, argument: String.self, Tuple19With1.init)
            values = try container.resolveOrThrow(Tuple19With1.self, argument: "name").values
        case 20:
            forward(container, Tuple20With1.self, argument: String.self, Tuple20With1.init)
            values = try container.resolveOrThrow(Tuple20With1.self, argument: "name").values
        default:
            Issue.record("no service of length \(length)")
            return
        }
        expect(values, length: length, arguments: [length / 2: "name"])
        _ = try container.verify()
    }

    @Test(arguments: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    func twoArguments(length: Int) throws {
        let container = makeContainer()
        let values: [Any]
        switch length {
        case 2:
            forward(container, Tuple2With2.self, arguments: String.self, Int.self, Tuple2With2.init)
            values = try container.resolveOrThrow(Tuple2With2.self, arguments: "name", 7).values
        case 3:
            forward(container, Tuple3With2.self, arguments: String.self, Int.self, Tuple3With2.init)
            values = try container.resolveOrThrow(Tuple3With2.self, arguments: "name", 7).values
        case 4:
            forward(container, Tuple4With2.self, arguments: String.self, Int.self, Tuple4With2.init)
            values = try container.resolveOrThrow(Tuple4With2.self, arguments: "name", 7).values
        case 5:
            forward(container, Tuple5With2.self, arguments: String.self, Int.self, Tuple5With2.init)
            values = try container.resolveOrThrow(Tuple5With2.self, arguments: "name", 7).values
        case 6:
            forward(container, Tuple6With2.self, arguments: String.self, Int.self, Tuple6With2.init)
            values = try container.resolveOrThrow(Tuple6With2.self, arguments: "name", 7).values
        case 7:
            forward(container, Tuple7With2.self, arguments: String.self, Int.self, Tuple7With2.init)
            values = try container.resolveOrThrow(Tuple7With2.self, arguments: "name", 7).values
        case 8:
            forward(container, Tuple8With2.self, arguments: String.self, Int.self, Tuple8With2.init)
            values = try container.resolveOrThrow(Tuple8With2.self, arguments: "name", 7).values
        case 9:
            forward(container, Tuple9With2.self, arguments: String.self, Int.self, Tuple9With2.init)
            values = try container.resolveOrThrow(Tuple9With2.self, arguments: "name", 7).values
        case 10:
            forward(container, Tuple10With2.self, arguments: String.self, Int.self, Tuple10With2.init)
            values = try container.resolveOrThrow(Tuple10With2.self, arguments: "name", 7).values
        case 11:
            forward(container, Tuple11With2.self, arguments: String.self, Int.self, Tuple11With2.init)
            values = try container.resolveOrThrow(Tuple11With2.self, arguments: "name", 7).values
        case 12:
            forward(container, Tuple12With2.self, arguments: String.self, Int.self, Tuple12With2.init)
            values = try container.resolveOrThrow(Tuple12With2.self, arguments: "name", 7).values
        case 13:
            forward(container, Tuple13With2.self, arguments: String.self, Int.self, Tuple13With2.init)
            values = try container.resolveOrThrow(Tuple13With2.self, arguments: "name", 7).values
        case 14:
            forward(container, Tuple14With2.self, arguments: String.self, Int.self, Tuple14With2.init)
            values = try container.resolveOrThrow(Tuple14With2.self, arguments: "name", 7).values
        case 15:
            forward(container, Tuple15With2.self, arguments: String.self, Int.self, Tuple15With2.init)
            values = try container.resolveOrThrow(Tuple15With2.self, arguments: "name", 7).values
        case 16:
            forward(container, Tuple16With2.self, arguments: String.self, Int.self, Tuple16With2.init)
            values = try container.resolveOrThrow(Tuple16With2.self, arguments: "name", 7).values
        case 17:
            forward(container, Tuple17With2.self, arguments: String.self, Int.self, Tuple17With2.init)
            values = try container.resolveOrThrow(Tuple17With2.self, arguments: "name", 7).values
        case 18:
            forward(container, Tuple18With2.self, arguments: String.self, Int.self, Tuple18With2.init)
            values = try container.resolveOrThrow(Tuple18With2.self, arguments: "name", 7).values
        case 19:
            forward(container, Tuple19With2.self, arguments: String.self, Int.self, Tuple19With2.init)
            values = try container.resolveOrThrow(Tuple19With2.self, arguments: "name", 7).values
        case 20:
            forward(container, Tuple20With2.self, arguments: String.self, Int.self, Tuple20With2.init)
            values = try container.resolveOrThrow(Tuple20With2.self, arguments: "name", 7).values
        default:
            Issue.record("no service of length \(length)")
            return
        }
        expect(values, length: length, arguments: [length - 1: "name", 0: 7])
        _ = try container.verify()
    }

    @Test(arguments: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    func threeArguments(length: Int) throws {
        let container = makeContainer()
        let values: [Any]
        switch length {
        case 3:
            forward(container, Tuple3With3.self, arguments: String.self, Int.self, Bool.self, Tuple3With3.init)
            values = try container.resolveOrThrow(Tuple3With3.self, arguments: "name", 7, true).values
        case 4:
            forward(container, Tuple4With3.self, arguments: String.self, Int.self, Bool.self, Tuple4With3.init)
            values = try container.resolveOrThrow(Tuple4With3.self, arguments: "name", 7, true).values
        case 5:
            forward(container, Tuple5With3.self, arguments: String.self, Int.self, Bool.self, Tuple5With3.init)
            values = try container.resolveOrThrow(Tuple5With3.self, arguments: "name", 7, true).values
        case 6:
            forward(container, Tuple6With3.self, arguments: String.self, Int.self, Bool.self, Tuple6With3.init)
            values = try container.resolveOrThrow(Tuple6With3.self, arguments: "name", 7, true).values
        case 7:
            forward(container, Tuple7With3.self, arguments: String.self, Int.self, Bool.self, Tuple7With3.init)
            values = try container.resolveOrThrow(Tuple7With3.self, arguments: "name", 7, true).values
        case 8:
            forward(container, Tuple8With3.self, arguments: String.self, Int.self, Bool.self, Tuple8With3.init)
            values = try container.resolveOrThrow(Tuple8With3.self, arguments: "name", 7, true).values
        case 9:
            forward(container, Tuple9With3.self, arguments: String.self, Int.self, Bool.self, Tuple9With3.init)
            values = try container.resolveOrThrow(Tuple9With3.self, arguments: "name", 7, true).values
        case 10:
            forward(container, Tuple10With3.self, arguments: String.self, Int.self, Bool.self, Tuple10With3.init)
            values = try container.resolveOrThrow(Tuple10With3.self, arguments: "name", 7, true).values
        case 11:
            forward(container, Tuple11With3.self, arguments: String.self, Int.self, Bool.self, Tuple11With3.init)
            values = try container.resolveOrThrow(Tuple11With3.self, arguments: "name", 7, true).values
        case 12:
            forward(container, Tuple12With3.self, arguments: String.self, Int.self, Bool.self, Tuple12With3.init)
            values = try container.resolveOrThrow(Tuple12With3.self, arguments: "name", 7, true).values
        case 13:
            forward(container, Tuple13With3.self, arguments: String.self, Int.self, Bool.self, Tuple13With3.init)
            values = try container.resolveOrThrow(Tuple13With3.self, arguments: "name", 7, true).values
        case 14:
            forward(container, Tuple14With3.self, arguments: String.self, Int.self, Bool.self, Tuple14With3.init)
            values = try container.resolveOrThrow(Tuple14With3.self, arguments: "name", 7, true).values
        case 15:
            forward(container, Tuple15With3.self, arguments: String.self, Int.self, Bool.self, Tuple15With3.init)
            values = try container.resolveOrThrow(Tuple15With3.self, arguments: "name", 7, true).values
        case 16:
            forward(container, Tuple16With3.self, arguments: String.self, Int.self, Bool.self, Tuple16With3.init)
            values = try container.resolveOrThrow(Tuple16With3.self, arguments: "name", 7, true).values
        case 17:
            forward(container, Tuple17With3.self, arguments: String.self, Int.self, Bool.self, Tuple17With3.init)
            values = try container.resolveOrThrow(Tuple17With3.self, arguments: "name", 7, true).values
        case 18:
            forward(container, Tuple18With3.self, arguments: String.self, Int.self, Bool.self, Tuple18With3.init)
            values = try container.resolveOrThrow(Tuple18With3.self, arguments: "name", 7, true).values
        case 19:
            forward(container, Tuple19With3.self, arguments: String.self, Int.self, Bool.self, Tuple19With3.init)
            values = try container.resolveOrThrow(Tuple19With3.self, arguments: "name", 7, true).values
        case 20:
            forward(container, Tuple20With3.self, arguments: String.self, Int.self, Bool.self, Tuple20With3.init)
            values = try container.resolveOrThrow(Tuple20With3.self, arguments: "name", 7, true).values
        default:
            Issue.record("no service of length \(length)")
            return
        }
        expect(values, length: length, arguments: [length - 1: "name", 0: 7, length / 2: true])
        _ = try container.verify()
    }
}
