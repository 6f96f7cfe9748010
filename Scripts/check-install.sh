#!/usr/bin/env bash
# Builds a throwaway client package from the README's installation manifest, so the dependency
# lines the README shows work as written and every README sample builds with them.
#
# The README's manifest depends on `.package(path: "../SwinjectKit")`. The script creates a temporary
# folder outside the repository holding `SwinjectKit` (a symbolic link to this checkout) and `App`
# (the manifest, verbatim), then builds and tests App. The executable target gets a main.swift that
# uses the products and every README sample without `@Test`, importing exactly the modules of the
# products the manifest gives it, so a sample that needs a package the manifest leaves out does not
# build. The test target gets each `@Test` sample with the samples that declare what it uses, and
# runs them. Types the README's prose names without declaring (`Database`, `RainyWeather`) are
# declared by the script. It also checks that the manifest names every library product of
# Package.swift and that the README's URL form ends in `/SwinjectKit`, so `package: "SwinjectKit"`
# matches either form.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/swinjectkit-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
ln -s "$checkout" "$work/SwinjectKit"
mkdir -p "$work/App/Sources/App"

python3 - "$checkout/README.md" "$checkout/Package.swift" "$work/App" <<'PY'
import pathlib, re, sys

readme, manifest, app = (pathlib.Path(argument) for argument in sys.argv[1:])
blocks, inside, current = [], False, []
for line in readme.read_text(encoding="utf-8").splitlines():
    if not inside and line.strip() == "```swift":
        inside, current = True, []
    elif inside and line.strip() == "```":
        inside = False
        blocks.append(current)
    elif inside:
        current.append(line)
manifests = [b for b in blocks if b and b[0].strip() == "// not compiled: package manifest"]
full = [b for b in manifests if any("let package = Package(" in line for line in b)]
if len(full) != 1:
    sys.exit(f"README.md: expected one complete package manifest block, found {len(full)}")
text = "\n".join(full[0][1:]) + "\n"
if '.package(path: "../SwinjectKit")' not in text:
    sys.exit('README.md: the installation manifest must depend on .package(path: "../SwinjectKit")')

products = re.findall(r'\.library\(name: "([^"]+)"', manifest.read_text(encoding="utf-8"))
used = re.findall(r'\.product\(name: "([^"]+)", package: "SwinjectKit"\)', text)
missing = sorted(set(products) - set(used))
if missing:
    sys.exit(f"README.md: the installation manifest leaves out the products {', '.join(missing)}")

# The URL form, in a manifest block or in the text around it.
urls = re.findall(r'\.package\(url: "[^"]*SwinjectKit[^"]*"', readme.read_text(encoding="utf-8"))
for url in urls:
    if not re.search(r'\.package\(url: "https://[^"]+/SwinjectKit(\.git)?"', url):
        sys.exit(f"README.md: the URL form must end in /SwinjectKit so its identity is SwinjectKit: {url}")

(app / "Package.swift").write_text(text, encoding="utf-8")

# The README's Swift samples: every block but those marked `// not compiled`.
samples = ["\n".join(b) for b in blocks if b and not b[0].strip().startswith("// not compiled")]
tests = [sample for sample in samples if "@Test" in sample]
others = [sample for sample in samples if "@Test" not in sample]
declaration = re.compile(r'^\s*(?:final\s+)?(?:class|struct|enum|protocol|func|actor)\s+(\w+)', re.M)
declared = {name for sample in samples for name in declaration.findall(sample)}
# Types the README's prose names ("`Database` is a class built from a host and a port", "a second
# conformer, `RainyWeather`") without declaring them.
support = {
    "Database": "final class Database {\n    init(host: String, port: Int) {}\n}\n",
    "RainyWeather": "struct RainyWeather: WeatherService {\n    func forecast() -> String { \"rain\" }\n}\n",
}


def uses(sample, names):
    return any(re.search(rf"\b{re.escape(name)}\b", sample) for name in names)


def needed_support(code):
    return [body for name, body in support.items() if name not in declared and uses(code, [name])]


def target_products(kind, name):
    match = re.search(rf'\.{kind}\(name: "{name}", dependencies: \[(.*?)\]\)', text, re.S)
    return re.findall(r'\.product\(name: "([^"]+)", package: "[^"]+"\)', match.group(1)) if match else []


executable = re.search(r'\.executableTarget\(name: "([^"]+)"', text).group(1)
app_modules = target_products("executableTarget", executable)
app_code = "\n\n".join(others)
(app / f"Sources/{executable}/ReadmeSamples.swift").write_text(
    "\n".join(f"import {module}" for module in ["Foundation"] + app_modules)
    + "\n\n" + app_code + "\n\n" + "\n".join(needed_support(app_code)),
    encoding="utf-8")
(app / f"Sources/{executable}/main.swift").write_text(
    "\n".join(f"import {module}" for module in app_modules) + "\n\nlet container = Container()\n"
    "try container.applyPropertyLoader(JsonPropertyLoader(string: #\"{ \"ready\": true }\"#))\n"
    "let ready: Bool = container.property(\"ready\", default: false)\n"
    "print(\"ready: \\(ready), injector: \\(Injector(label: \"install\").label ?? \"\")\")\n",
    encoding="utf-8")

# The modules a test target reaches through SwinjectKitTesting, which is all the README's one
# needs: that product's own SwinjectKit dependencies, and Swinject.
package_text = manifest.read_text(encoding="utf-8")
testing = re.search(r'name: "SwinjectKitTesting",\s*dependencies: \[(.*?)\]', package_text, re.S)
reached = [name for name in re.findall(r'"([^"]+)"', testing.group(1)) if name in products] if testing else []
test_targets = re.findall(r'\.testTarget\(name: "([^"]+)", dependencies: \[(.*?)\]\)', text, re.S)
if tests and not test_targets:
    sys.exit("README.md: a sample is a @Test, and the installation manifest has no test target")
for index, (name, body) in enumerate(test_targets):
    tested = re.findall(r'\.product\(name: "([^"]+)", package: "SwinjectKit"\)', body)
    folder = app / "Tests" / name
    folder.mkdir(parents=True)
    (folder / f"{name}.swift").write_text(
        "\n".join(f"import {product}" for product in ["Testing"] + tested)
        + "\n\n@Test func testRunnerIsDetected() {\n    #expect(TestRunner.isActive)\n}\n",
        encoding="utf-8")
    if index > 0 or not tests:
        continue
    # Each @Test sample, with the samples that declare a name it uses (and theirs, in turn).
    chosen, pending = [], list(tests)
    while pending:
        code = pending.pop()
        for sample in others:
            if sample not in chosen and uses(code, declaration.findall(sample)):
                chosen.append(sample)
                pending.append(sample)
    test_code = "\n\n".join(chosen + tests)
    modules = ["Foundation", "Testing", "Swinject"] + [m for m in reached + tested if m != "SwinjectKitTesting"]
    modules += [m for m in tested if m == "SwinjectKitTesting"]
    (folder / "ReadmeSamples.swift").write_text(
        "\n".join(f"import {module}" for module in dict.fromkeys(modules))
        + "\n\n" + test_code + "\n\n" + "\n".join(needed_support(test_code)),
        encoding="utf-8")
print(f"README manifest: {len(used)} products, {len(urls)} URL form(s); "
      f"{len(others)} samples in {executable}, {len(tests)} @Test sample(s)")
PY

echo "building the README's client package in $work/App"
swift build --build-tests --package-path "$work/App" 2>&1 | tail -5
"$work/App/.build/debug/App"
swift test --skip-build --package-path "$work/App" 2>&1 | tail -3
