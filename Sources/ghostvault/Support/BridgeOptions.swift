import ArgumentParser
import Foundation
import SimpleFIN

/// `--allow-private-bridges` on the commands that send SimpleFIN requests.
///
/// The command line is held to the same rule as the server: it may run against the server's database,
/// whose access URLs people stored through the web, and their names may resolve elsewhere by now. So
/// SimpleFIN requests go to public addresses only, unless the person running it allows their own bridge.
struct BridgeOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Let SimpleFIN requests go to a bridge on this machine or its network, such as one you run yourself "
                + "($GHOSTVAULT_ALLOW_PRIVATE_BRIDGES=1)."))
    var allowPrivateBridges = false

    /// The addresses this command's SimpleFIN client may call.
    var policy: AddressPolicy {
        allowPrivateBridges || Settings.current.reading().isOn(.allowPrivateBridges) ? .allowPrivate : .publicOnly
    }
}
