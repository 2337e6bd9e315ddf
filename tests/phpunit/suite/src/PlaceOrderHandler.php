<?php

namespace App;

use Symfony\Component\EventDispatcher\EventDispatcher;

/** Messenger's handler for PlaceOrder: renders the order, then tells the listeners. */
final class PlaceOrderHandler
{
    public function __construct(private EventDispatcher $events)
    {
    }

    public function __invoke(PlaceOrder $order): string
    {
        $html = '';
        foreach ($order->lines as $sku => $quantity) {
            $html .= sprintf('<li>%s x %d</li>', $sku, $quantity);
        }
        $this->events->dispatch(new OrderPlaced($order->id), 'order.placed');
        return "<ul>$html</ul>";
    }
}
