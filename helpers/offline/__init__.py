"""The offline model: the MODEL's side of the wire."""
