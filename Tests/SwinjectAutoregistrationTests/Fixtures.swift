import Swinject

protocol Animal: AnyObject {
    var name: String { get }
}

final class Cat: Animal {
    let name: String
    let lives: Int
    init(name: String) {
        self.name = name
        self.lives = 9
    }
    init(name: String, lives: Int) {
        self.name = name
        self.lives = lives
    }
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
}

protocol Person: AnyObject {}

final class PetOwner: Person {
    let name: String
    let pet: any Animal

    init(pet: any Animal) {
        self.name = "unnamed"
        self.pet = pet
    }

    init(name: String, pet: any Animal) {
        self.name = name
        self.pet = pet
    }
}

final class Veterinarian: Person {
    let name: String
    let years: Int
    let patient: any Animal
    init(name: String, years: Int, patient: any Animal) {
        self.name = name
        self.years = years
        self.patient = patient
    }
}

final class OptionalOwner: Person {
    let pet: (any Animal)?
    let dog: Dog!
    let cat: Cat
    init(pet: (any Animal)?, dog: Dog!, cat: Cat) {
        self.pet = pet
        self.dog = dog
        self.cat = cat
    }
}

final class Leaf {}

final class Pair {
    let leaf: Leaf
    let cat: Cat
    init(leaf: Leaf, cat: Cat) {
        self.leaf = leaf
        self.cat = cat
    }
}

// A chain three levels deep: App → APIClient → Session → URLSessionConfiguration.
final class URLSessionConfiguration {}

final class Session {
    let configuration: URLSessionConfiguration
    init(configuration: URLSessionConfiguration) { self.configuration = configuration }
}

final class APIClient {
    let session: Session
    init(session: Session) { self.session = session }
}

final class App {
    let client: APIClient
    let leaf: Leaf
    init(client: APIClient, leaf: Leaf) {
        self.client = client
        self.leaf = leaf
    }
}

// Cycles.
final class SelfLoop {
    init(other: SelfLoop) {}
}
final class CycleA {
    init(b: CycleB) {}
}
final class CycleB {
    init(a: CycleA) {}
}
/// `TwiceB` depends on `TwiceA` twice: registered after it, it closes the cycle with two back
/// edges, so a depth-first search finds the cycle twice.
final class TwiceA {
    init(b: TwiceB) {}
}
final class TwiceB {
    init(first: TwiceA, second: TwiceA) {}
}
final class Ring1 {
    init(next: Ring2) {}
}
final class Ring2 {
    init(next: Ring3) {}
}
final class Ring3 {
    init(next: Ring4) {}
}
final class Ring4 {
    init(next: Ring1) {}
}

/// Two parameters of one type: a single `String` argument cannot say which it is for.
final class Signpost {
    let from: String
    let to: String
    let kilometres: Int
    init(from: String, to: String, kilometres: Int) {
        self.from = from
        self.to = to
        self.kilometres = kilometres
    }
}
