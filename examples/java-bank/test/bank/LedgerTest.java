package bank;

import bank.util.Money;
import java.util.List;

final class LedgerTest {
    private LedgerTest() {}

    static void register(TestRunner runner) {
        runner.run("ledger opens and finds accounts", LedgerTest::opensAndFinds);
        runner.run("ledger transfers", LedgerTest::transfers);
        runner.run("ledger failed transfer changes nothing", LedgerTest::failedTransfer);
        runner.run("ledger interest and overdrawn", LedgerTest::interestAndOverdrawn);
        runner.run("ledger statement", LedgerTest::statement);
    }

    static Ledger sampleLedger() {
        Ledger ledger = new Ledger();
        ledger.open("alice", "Alice", Money.ZERO).deposit(Money.parse("500"));
        ledger.open("bob", "Bob", Money.parse("100")).deposit(Money.parse("50"));
        ledger.open("carol", "Carol", Money.ZERO);
        return ledger;
    }

    static void opensAndFinds() {
        Ledger ledger = sampleLedger();
        Check.equal("Bob", ledger.find("bob").owner());
        Check.equal(Money.parse("500"), ledger.balanceOf("alice"));
        Check.equal("account alice already exists",
                Check.raises(BankException.class, () -> ledger.open("alice", "Other", Money.ZERO)).getMessage());
        Check.equal("no account dave", Check.raises(BankException.class, () -> ledger.find("dave")).getMessage());
        Check.equal(Money.parse("550"), ledger.totalBalance());
    }

    static void transfers() {
        Ledger ledger = sampleLedger();
        Transfer first = ledger.transfer("alice", "bob", Money.parse("120"), " rent ");
        ledger.transfer("bob", "carol", Money.parse("200"), null);
        Check.equal(1L, first.sequence());
        Check.equal("rent", first.memo());
        Check.equal(Money.parse("380"), ledger.balanceOf("alice"));
        Check.equal(Money.parse("-30"), ledger.balanceOf("bob"));
        Check.equal(Money.parse("200"), ledger.balanceOf("carol"));
        Check.equal(Money.parse("550"), ledger.totalBalance());
        Check.equal(2, ledger.history("bob").size());
        Check.equal(List.of(first), ledger.history("alice"));
        Check.equal(Money.parse("-80"), ledger.netFlow("bob"));
        Check.equal(Money.parse("-120"), ledger.netFlow("alice"));
        Check.equal(Money.ZERO, first.signedAmountFor("carol"));
        Check.isTrue(!first.involves("carol"), "carol not in first transfer");
        Check.raises(IllegalArgumentException.class, () -> ledger.transfer("bob", "bob", Money.parse("1"), ""));
    }

    static void failedTransfer() {
        Ledger ledger = sampleLedger();
        Check.raises(InsufficientFundsException.class, () -> ledger.transfer("carol", "alice", Money.parse("1"), ""));
        Check.raises(BankException.class, () -> ledger.transfer("alice", "zed", Money.parse("1"), ""));
        Check.equal(Money.parse("500"), ledger.balanceOf("alice"));
        Check.equal(Money.ZERO, ledger.balanceOf("carol"));
        Check.equal(List.of(), ledger.history("alice"));
        Transfer next = ledger.transfer("alice", "carol", Money.parse("1"), "");
        Check.equal(1L, next.sequence());
    }

    static void interestAndOverdrawn() {
        Ledger ledger = sampleLedger();
        ledger.transfer("bob", "carol", Money.parse("75.50"), "loan");
        Check.equal(List.of(ledger.find("bob")), ledger.overdrawn());
        Money paid = ledger.applyInterest(3);
        Check.equal(Money.parse("17.27"), paid);
        Check.equal(Money.parse("515"), ledger.balanceOf("alice"));
        Check.equal(Money.parse("77.77"), ledger.balanceOf("carol"));
        Check.equal(Money.parse("-25.50"), ledger.balanceOf("bob"));
        Check.raises(IllegalArgumentException.class, () -> ledger.applyInterest(-1));
    }

    static void statement() {
        Ledger ledger = sampleLedger();
        ledger.find("alice").deposit(Money.parse("1000"));
        ledger.transfer("alice", "bob", Money.parse("1250"), "car");
        ledger.transfer("alice", "carol", Money.parse("5"), "");
        ledger.transfer("bob", "carol", Money.parse("30"), "");
        String expected = String.join("\n",
                "Statement for bob (Bob)",
                "  #1 alice -> bob $1,250.00 (car)",
                "  #3 bob -> carol $30.00",
                "Balance: $1,270.00");
        Check.equal(expected, ledger.statement("bob"));
    }
}
