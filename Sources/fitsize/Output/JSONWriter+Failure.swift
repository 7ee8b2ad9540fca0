extension JSONWriter {
    /// Writes the object both `fitsize batch` and `fitsize cells` print for an item they could
    /// not size, `{"key":…,"line":N,"error":"…"}`, the key left out when the item has none.
    mutating func failure(key: ResultKey?, line: Int, message: String) {
        beginObject()
        if let key {
            self.key("key")
            key.write(to: &self)
        }
        member("line", line)
        member("error", message)
        endObject()
    }
}
