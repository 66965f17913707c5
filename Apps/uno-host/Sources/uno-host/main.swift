import BundledFeatures
import UnoHostKit

// uno-host is the host kit over the bundled features; a package hosts its own the same way.
await UnoHost.main(features: bundledFeatures)
