import CodeGateApp
import Glibc

exit(MainActor.assumeIsolated { CodeGateApplication().run(arguments: CommandLine.arguments) })
