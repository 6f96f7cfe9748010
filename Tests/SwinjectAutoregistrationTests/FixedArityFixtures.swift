import Swinject
import SwinjectAutoregistration
import Testing

// The longest initializers the generated fixed-arity overloads serve (20 dependencies with 0 to
// 3 runtime arguments), with the arguments at the start, in the middle and at the end, and the
// first length past them, which the parameter-pack overloads take.

final class WideOneArgument {
    let name: String
    let dependencies: [AnyObject]
    init(
        _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8, _ d9: Dep9,
        _ d10: Dep10, name: String,
        _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15, _ d16: Dep16, _ d17: Dep17, _ d18: Dep18,
        _ d19: Dep19, _ d20: Dep20
    ) {
        self.name = name
        dependencies = [d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20]
    }
}

final class WideTwoArguments {
    let name: String
    let count: Int
    let dependencies: [AnyObject]
    init(
        name: String, _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8,
        _ d9: Dep9, _ d10: Dep10,
        _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15, _ d16: Dep16, _ d17: Dep17, _ d18: Dep18,
        _ d19: Dep19, _ d20: Dep20, count: Int
    ) {
        self.name = name
        self.count = count
        dependencies = [d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20]
    }
}

final class WideThreeArguments {
    let flag: Bool
    let name: String
    let count: Int
    let dependencies: [AnyObject]
    init(
        flag: Bool, _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8,
        _ d9: Dep9, _ d10: Dep10, name: String,
        _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15, _ d16: Dep16, _ d17: Dep17, _ d18: Dep18,
        _ d19: Dep19, _ d20: Dep20, count: Int
    ) {
        self.flag = flag
        self.name = name
        self.count = count
        dependencies = [d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20]
    }
}

final class TwentyOneDependencies {
    let dependencies: [AnyObject]
    init(
        _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8, _ d9: Dep9,
        _ d10: Dep10, _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15, _ d16: Dep16, _ d17: Dep17,
        _ d18: Dep18, _ d19: Dep19, _ d20: Dep20, _ d21: Dep21
    ) {
        dependencies = [d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21]
    }
}
