"""Running the app as a service: its image, the engine proxy, the first start (README "Run it
as a service"). Operator commands: `python -m analyst.deploy {build,serve,proxy}`."""
