/// A small seeded generator (SplitMix64), so that every random document can be made again from
/// its seed.
struct RandomSource: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func pick<T>(_ options: [T]) -> T { options[int(0...options.count - 1)] }

    /// Text mixing ASCII, characters that need escaping, accents, CJK and emoji.
    mutating func text(maxLength: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...maxLength) {
            let value: UInt32 =
                switch int(0...9) {
                case 0: UInt32(int(0...0x1F))
                case 1: pick([0x22, 0x5C, 0x27, 0x2F, 0x7F, 0x23, 0x3D, 0x2E])
                case 2: UInt32(int(0xA0...0x24F))
                case 3: UInt32(int(0x4E00...0x4FFF))
                case 4: UInt32(int(0x1F600...0x1F64F))
                case 5: pick([0xFEFF, 0x2028, 0xFFFD, 0x10FFFF, 0xE000])
                default: UInt32(int(0x20...0x7E))
                }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A finite double, often with few significant digits, sometimes any bit pattern.
    mutating func finiteDouble() -> Double {
        switch int(0...3) {
        case 0: return Double(int(-1000...1000)) / pick([1, 2, 4, 10, 100, 1000])
        case 1:
            return pick([0.0, -0.0, 1e-7, 1e16, 1e22, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 2.5e-10])
        default:
            while true {
                let value = Double(bitPattern: next())
                if value.isFinite { return value }
            }
        }
    }
}
