<?php

use App\OrderHistory;
use App\PlaceOrder;
use App\PlaceOrderHandler;
use PHPUnit\Framework\TestCase;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Stamp\HandledStamp;

/**
 * Orders through Symfony Messenger's bus (Debian's php-symfony-messenger):
 * the handler dispatches an event whose listener, which the framework's
 * event dispatcher holds, keeps every order (the leak).
 */
final class FrameworkTest extends TestCase
{
    private static ?MessageBus $bus = null;
    private static int $order = 0;

    public static function setUpBeforeClass(): void
    {
        if (SAMPLE_AUTOLOAD === '') {
            if (!is_file('/usr/share/php/Symfony/Component/Messenger/autoload.php')) {
                return;
            }
            require_once '/usr/share/php/Symfony/Component/Messenger/autoload.php';
            require_once '/usr/share/php/Symfony/Component/EventDispatcher/autoload.php';
        }
        $events = new EventDispatcher();
        $events->addListener('order.placed', [new OrderHistory(), 'onPlaced']);
        self::$bus = new MessageBus([new HandleMessageMiddleware(new HandlersLocator([
            PlaceOrder::class => [new PlaceOrderHandler($events)],
        ]))]);
    }

    protected function setUp(): void
    {
        if (self::$bus === null) {
            self::markTestSkipped('php-symfony-messenger is not installed');
        }
    }

    public function testPlaceOrderThroughTheBus(): void
    {
        $envelope = self::$bus->dispatch(new PlaceOrder(++self::$order, ['sku-1' => 2, 'sku-7' => 1]));
        self::assertStringStartsWith('<ul><li>sku-1 x 2</li>', $envelope->last(HandledStamp::class)->getResult());
    }
}
