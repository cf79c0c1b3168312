import CHeapStatistics

/// The bytes the process's allocator has handed out and not had back: what a structure built
/// between two readings holds. Resident memory also moves with the pages the allocator keeps
/// for reuse, by more than a structure of a few hundred kilobytes.
public enum HeapInUse {
    /// Allocated bytes now, large mapped allocations included; 0 where the platform does not say.
    public static var bytes: Int { Int(apogee_heap_bytes_in_use()) }
}
