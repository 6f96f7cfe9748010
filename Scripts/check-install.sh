#!/usr/bin/env bash
# Builds a throwaway client package from the README's installation manifest, so the dependency
# lines the README shows work as written.
#
# The README's manifest depends on `.package(path: "../SwinjectKit")`. The script creates a temporary
# folder outside the repository holding `SwinjectKit` (a symbolic link to this checkout) and `App`
# (the manifest, verbatim, with a main.swift that imports every product), then builds App. It also
# checks that the manifest names every library product of Package.swift and that the README's URL
# form ends in `/SwinjectKit`, so `package: "SwinjectKit"` matches either form.
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

urls = [line for block in manifests for line in block if ".package(url:" in line and "SwinjectKit" in line]
for line in urls:
    if not re.search(r'\.package\(url: "https://[^"]+/SwinjectKit(\.git)?"', line):
        sys.exit(f"README.md: the URL form must end in /SwinjectKit so its identity is SwinjectKit: {line.strip()}")

(app / "Package.swift").write_text(text, encoding="utf-8")
# A test target of the manifest gets a test that imports the products it names.
for name, body in re.findall(r'\.testTarget\(name: "([^"]+)", dependencies: \[(.*?)\]\)', text, re.S):
    tested = re.findall(r'\.product\(name: "([^"]+)", package: "SwinjectKit"\)', body)
    folder = app / "Tests" / name
    folder.mkdir(parents=True)
    (folder / f"{name}.swift").write_text(
        "\n".join(f"import {product}" for product in ["Testing"] + tested)
        + "\n\n@Test func testRunnerIsDetected() {\n    #expect(TestRunner.isActive)\n}\n",
        encoding="utf-8")
imports = "\n".join(f"import {name}" for name in ["Swinject"] + used if name != "SwinjectKitTesting")
(app / "Sources/App/main.swift").write_text(
    imports + "\n\nlet container = Container()\n"
    "try container.applyPropertyLoader(JsonPropertyLoader(string: #\"{ \"ready\": true }\"#))\n"
    "let ready: Bool = container.property(\"ready\", default: false)\n"
    "print(\"ready: \\(ready), injector: \\(Injector(label: \"install\").label ?? \"\")\")\n",
    encoding="utf-8")
print(f"README manifest: {len(used)} products, {len(urls)} URL form(s)")
PY

echo "building the README's client package in $work/App"
swift build --build-tests --package-path "$work/App" 2>&1 | tail -5
"$work/App/.build/debug/App"
swift test --skip-build --package-path "$work/App" 2>&1 | tail -2
