// Generated dependency types for the arity tests.

final class Dep1 {}
final class Dep2 {}
final class Dep3 {}
final class Dep4 {}
final class Dep5 {}
final class Dep6 {}
final class Dep7 {}
final class Dep8 {}
final class Dep9 {}
final class Dep10 {}
final class Dep11 {}
final class Dep12 {}
final class Dep13 {}
final class Dep14 {}
final class Dep15 {}
final class Dep16 {}
final class Dep17 {}
final class Dep18 {}
final class Dep19 {}
final class Dep20 {}
final class Dep21 {}
final class Dep22 {}
final class Dep23 {}
final class Dep24 {}
final class Dep25 {}
final class Dep26 {}
final class Dep27 {}
final class Dep28 {}
final class Dep29 {}
final class Dep30 {}

final class Service20 {
    let count: Int
    init(
        d1: Dep1,
        d2: Dep2,
        d3: Dep3,
        d4: Dep4,
        d5: Dep5,
        d6: Dep6,
        d7: Dep7,
        d8: Dep8,
        d9: Dep9,
        d10: Dep10,
        d11: Dep11,
        d12: Dep12,
        d13: Dep13,
        d14: Dep14,
        d15: Dep15,
        d16: Dep16,
        d17: Dep17,
        d18: Dep18,
        d19: Dep19,
        d20: Dep20
    ) {
        count = 20
    }
}

final class Service30 {
    let count: Int
    init(
        d1: Dep1,
        d2: Dep2,
        d3: Dep3,
        d4: Dep4,
        d5: Dep5,
        d6: Dep6,
        d7: Dep7,
        d8: Dep8,
        d9: Dep9,
        d10: Dep10,
        d11: Dep11,
        d12: Dep12,
        d13: Dep13,
        d14: Dep14,
        d15: Dep15,
        d16: Dep16,
        d17: Dep17,
        d18: Dep18,
        d19: Dep19,
        d20: Dep20,
        d21: Dep21,
        d22: Dep22,
        d23: Dep23,
        d24: Dep24,
        d25: Dep25,
        d26: Dep26,
        d27: Dep27,
        d28: Dep28,
        d29: Dep29,
        d30: Dep30
    ) {
        count = 30
    }
}
