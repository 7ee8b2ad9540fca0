import Foundation

/// The bounds of a cell template, checked before it is read or built: a template describes
/// one cell, and each bound is far above any real cell while keeping a hostile file from
/// taking the machine's memory or time.
enum TemplateLimits {
    /// The largest template file read, in bytes.
    static let maximumFileBytes = 4 << 20
    /// The most views a template may declare, stacks' arranged subviews included.
    static let maximumViews = 1_000
    /// The most entries of its "constraints" array (a Visual Format string counts once).
    static let maximumConstraintEntries = 4_000

    /// The bytes of the template at `path`, read only after checking that it is a regular file
    /// (a FIFO would wait for a writer, a device may never end) of at most
    /// ``maximumFileBytes``.
    static func read(path: String) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno))
            throw ToolError.unreadableFile(path, what: "template", reason: reason)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ToolError.unreadableFile(path, what: "template", reason: "it is a directory")
        default: throw ToolError.unreadableFile(path, what: "template", reason: "it is not a regular file (a FIFO, device or socket)")
        }
        guard status.st_size <= maximumFileBytes else {
            throw ToolError.unreadableFile(
                path, what: "template",
                reason: "it is \(status.st_size) bytes, more than the \(maximumFileBytes) a template may have")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ToolError.unreadableFile(path, what: "template", reason: (error as NSError).localizedDescription)
        }
    }
}
