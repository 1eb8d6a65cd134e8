"""The rest of the shelf (docs/shelf.md): all payment methods, the user's product status, the
external-document link check and the partner transfer-centre jump."""
