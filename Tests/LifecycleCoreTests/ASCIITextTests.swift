import Testing

@testable import LifecycleCore

/// The core's ASCII writer gives the text string interpolation gives.
@Suite struct ASCIITextTests {
    @Test(arguments: [0, 7, 10, 99, 100, 2048, -1, -305, Int.max, Int.min])
    func writesNumbersAsInterpolationDoes(number: Int) {
        let text = ASCIIText.make(capacity: 48) { text in
            text.write("memory: ")
            text.write(number)
            text.write(" MB")
        }
        #expect(text == "memory: \(number) MB")
    }

    @Test func writesAnEmptyText() {
        #expect(ASCIIText.make(capacity: 0) { _ in } == "")
    }

    @Test func writesPiecesInTheirOrder() {
        let text = ASCIIText.make(capacity: 24) { text in
            text.write("x")
            text.write(-1_234)
            text.write("; long enough")
        }
        #expect(text == "x-1234; long enough")
        #expect(text.utf8.count == 19)
    }
}
