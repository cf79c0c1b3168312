/// Checks what a generator's error says: at least one problem, each named in a file the run
/// was given, with a place that is a place or none. A bare error would leave a build with
/// nothing to show.
public func requireDiagnosed(_ descriptions: [(file: String, line: Int, column: Int)], files: Set<String>, error: Any) {
    require(!descriptions.isEmpty, "an error without a diagnostic: \(error)")
    for diagnostic in descriptions {
        require(files.contains(diagnostic.file), "a diagnostic names the file \(diagnostic.file): \(error)")
        require(diagnostic.line >= 0 && diagnostic.column >= 0, "a diagnostic at a negative place: \(error)")
    }
}
