"""The server state of the app's pop-ups (docs/product.md#states): privacy-policy consent, the
non-US taxpayer declaration, the payment-channel re-sign prompt, the risk-test expiry prompt and the
broker's operation pop-ups."""
