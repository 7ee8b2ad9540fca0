// swift-tools-version:6.1
// Two table view cells written for UIKit, compiled against FitsizeUIKit with only their
// import changed, sized by a UITableView through the app's own data source.
import PackageDescription

let package = Package(
    name: "FitsizeUIKitExample",
    dependencies: [.package(name: "Fitsize", path: "../..")],
    targets: [
        .executableTarget(
            name: "uikit-example",
            dependencies: [.product(name: "FitsizeUIKit", package: "Fitsize")]),
    ]
)
