// What the controls' models are built on and an app hands them or gets back — the timer port,
// observations, a cooldown refusal — is CodeGateBase's, which the gateway shares without the
// controls: `import CodeGateCore` brings it, as before it moved there.
@_exported import CodeGateBase
