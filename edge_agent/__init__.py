"""edge-agent: on-device agent runtime for OpenHarmony-class ARM boards."""

__version__ = "0.1.0"
