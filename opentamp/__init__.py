"""OpenTAMP: the API server and H5 app of a partner broker's fund and advisory platform."""

__version__ = "0.1.0"
