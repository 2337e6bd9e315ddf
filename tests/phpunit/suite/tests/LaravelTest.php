<?php

use App\AuditTrail;
use App\Order;
use Illuminate\Container\Container;
use Illuminate\Database\Capsule\Manager as DB;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Events\Dispatcher;
use PHPUnit\Framework\TestCase;

/**
 * A fresh Illuminate application per test, as Laravel's feature tests boot
 * one (Debian's php-illuminate-database, -events, -container): Eloquent on
 * SQLite in memory, a model event listener that appends to a static
 * registry (the leak). What the application builds and drops per test is
 * not a leak.
 */
final class LaravelTest extends TestCase
{
    private ?Container $app = null;

    protected function setUp(): void
    {
        if ((SAMPLE_AUTOLOAD === '' && !is_file('/usr/share/php/Illuminate/Database/autoload.php')) || !extension_loaded('pdo_sqlite')) {
            self::markTestSkipped('php-illuminate-database or pdo_sqlite is missing');
        }
        foreach (SAMPLE_AUTOLOAD === '' ? ['Container', 'Events', 'Database', 'Support', 'Collections', 'Contracts'] : [] as $c) {
            require_once "/usr/share/php/Illuminate/$c/autoload.php";
        }
        $this->app = new Container();
        Container::setInstance($this->app);
        $events = new Dispatcher($this->app);
        $db = new DB($this->app);
        $db->addConnection(['driver' => 'sqlite', 'database' => ':memory:', 'prefix' => '']);
        $db->setEventDispatcher($events);
        $db->setAsGlobal();
        $db->bootEloquent();
        $db->schema()->create('orders', function ($table) {
            $table->increments('id');
            $table->string('customer');
            $table->integer('total');
            $table->timestamps();
        });
        Order::created([AuditTrail::class, 'onCreated']);
    }

    protected function tearDown(): void
    {
        if ($this->app === null) {
            return;
        }
        Model::unsetEventDispatcher();
        Model::clearBootedModels();
        Container::setInstance(null);
        $this->app = null;
    }

    public function testOrdersThroughEloquent(): void
    {
        foreach (['ada', 'grace', 'alan'] as $i => $customer) {
            Order::create(['customer' => $customer, 'total' => 100 * ($i + 1)]);
        }
        self::assertSame(600, (int) Order::query()->sum('total'));
        self::assertSame('grace', Order::query()->where('total', 200)->first()->customer);
    }
}
