# The HTML report's page (dump/html/) built into the extension: made again
# when a source is newer than the committed header (scripts/gen-html.php).
$(srcdir)/dump/dump_html_template.h: $(srcdir)/dump/html/report.html $(srcdir)/dump/html/report.css $(srcdir)/dump/html/report.js $(srcdir)/scripts/gen-html.php
	$(PHP_EXECUTABLE) $(srcdir)/scripts/gen-html.php $(srcdir)

$(builddir)/dump/dump_html.lo: $(srcdir)/dump/dump_html_template.h
