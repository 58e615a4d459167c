import Foundation

// What a list's `onDelete` and `onMove` give the app's code, as SwiftUI adds them to collections.

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (`items.remove(atOffsets: offsets)` in `onDelete`).
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    /// Moves the elements at `source` to before the element at `destination`, in their order
    /// (`items.move(fromOffsets: source, toOffset: destination)` in `onMove`).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let elements = Array(self)
        let kept = elements.indices.filter { !source.contains($0) }
        let moved = source.filter { $0 < elements.count }.map { elements[$0] }
        let before = kept.filter { $0 < destination }.map { elements[$0] }
        let after = kept.filter { $0 >= destination }.map { elements[$0] }
        for (index, element) in zip(indices, before + moved + after) { self[index] = element }
    }
}
