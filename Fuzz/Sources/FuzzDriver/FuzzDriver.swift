/// Starts libFuzzer on a fuzz target. SwiftPM links an executable's entry point as `main`, which would hide
/// libFuzzer's own; so each target's `main` hands its target to `LLVMFuzzerRunDriver`, libFuzzer's documented
/// entry point for programs that have a `main` of their own.
public enum FuzzDriver {
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(_ target: Target) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, target))
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ target: FuzzDriver.Target
) -> CInt

@_silgen_name("exit")
private func exit(_ status: CInt) -> Never
