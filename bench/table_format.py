"""Number formatting shared by the Markdown tables of make_table.py and kernel_table.py."""


def format_number(value, digits=3):
    """`value` to `digits` significant digits, or whole once it has more; "—" for no value."""
    if value is None:
        return "—"
    if abs(value) >= 10 ** digits:
        return "%.0f" % value
    return "%.*g" % (digits, value)
