import CodeGateApp
import Glibc

exit(MainActor.assumeIsolated { CodeGateApplication().run(count: CommandLine.argc, arguments: CommandLine.unsafeArgv) })
