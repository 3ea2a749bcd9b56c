"""The function-calling workbook's shared module: what the notebooks taught, kept in one place."""
