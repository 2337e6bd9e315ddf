<?php
// TCPDF (php-tcpdf): a 30-page document with text, HTML tables and
// barcodes, uncompressed, with fixed creation and modification times.
require '/usr/share/php/tcpdf/tcpdf.php';

$pdf = new TCPDF('P', 'mm', 'A4', true, 'UTF-8', false);
$pdf->setDocCreationTimestamp(1700000000);
$pdf->setDocModificationTimestamp(1700000000);
$pdf->SetCompression(false);
$pdf->SetCreator('memprof diff');
$pdf->SetTitle('differential');
$pdf->SetFont('helvetica', '', 10);
for ($page = 1; $page <= 30; $page++) {
    $pdf->AddPage();
    $pdf->Write(0, "Page $page: " . str_repeat("The quick brown fox jumps over the lazy dog. ", 8), '', 0, 'L', true);
    $rows = '';
    for ($r = 0; $r < 12; $r++) {
        $rows .= '<tr><td>' . ($page * 100 + $r) . '</td><td><b>item ' . $r . '</b></td><td>' . str_repeat('x', $r) . '</td></tr>';
    }
    $pdf->writeHTML("<h2>Table $page</h2><table border=\"1\" cellpadding=\"2\">$rows</table>", true, false, true, false, '');
    $pdf->write1DBarcode((string) (1000000 + $page), 'C128', '', '', '', 15, 0.4);
}
$pages = $pdf->getNumPages();
$out = $pdf->Output('doc.pdf', 'S');
// The file identifier is an md5 of the time and the object, and the XMP
// metadata's document and instance uuids are made from it: count them out.
$out = preg_replace('~/ID \[ <[0-9a-f]+> <[0-9a-f]+> \]~', '/ID []', $out);
$out = preg_replace('~uuid:[0-9a-f-]+~', 'uuid:', $out);
echo strlen($out), ' bytes, ', $pages, ' pages, ', md5($out), "\n";
