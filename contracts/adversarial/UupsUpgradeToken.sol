// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice The implementation behind UupsUpgradeToken: the usual token, plus UUPS's
/// `upgradeToAndCall`, which lets the owner point the proxy at any code (checked only for
/// `proxiableUUID`). Probing it by name-blind calls used to read as "moves holders' tokens" and
/// "blocks buys" (balances read zero after the swap); the power is replacing the code.
contract UupsTokenImpl is AdvBase {
    bytes32 internal constant IMPL_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bool internal _initialized;

    event Upgraded(address indexed implementation);

    constructor() AdvBase("impl", "IMPL") {
        _initialized = true;
    }

    function initialize(string memory n, string memory s, address o) external {
        require(!_initialized, "initialized");
        _initialized = true;
        name = n;
        symbol = s;
        owner = o;
        _exempt[o] = true;
        _mint(o, 1_000_000_000 ether);
        emit OwnershipTransferred(address(0), o);
    }

    function proxiableUUID() external pure returns (bytes32) {
        return IMPL_SLOT;
    }

    function upgradeToAndCall(address impl, bytes calldata data) external payable onlyOwner {
        (bool ok, bytes memory r) = impl.staticcall(abi.encodeWithSignature("proxiableUUID()"));
        require(ok && r.length == 32 && bytes32(r) == IMPL_SLOT, "not UUPS");
        assembly {
            sstore(IMPL_SLOT, impl)
        }
        emit Upgraded(impl);
        if (data.length > 0) {
            (bool s2,) = impl.delegatecall(data);
            require(s2, "init failed");
        }
    }

    /// Hands the owner role (and with it the upgrade) to a two-day timelock.
    function handToTimelock() external onlyOwner {
        address t = address(new UpgradeTimelock(msg.sender));
        emit OwnershipTransferred(owner, t);
        owner = t;
    }
}

/// @notice A two-day timelock (getMinDelay()), as OpenZeppelin's TimelockController states it.
contract UpgradeTimelock {
    address public proposer;

    constructor(address p) {
        proposer = p;
    }

    function getMinDelay() external pure returns (uint256) {
        return 2 days;
    }
}

/// @notice An ERC-1967 proxy: every call runs the implementation in the slot. The owner can
/// replace the code at any time through the implementation's upgradeToAndCall.
contract UupsUpgradeToken {
    bytes32 internal constant IMPL_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(string memory n, string memory s) {
        address impl = address(new UupsTokenImpl());
        assembly {
            sstore(IMPL_SLOT, impl)
        }
        (bool ok,) = impl.delegatecall(abi.encodeCall(UupsTokenImpl.initialize, (n, s, msg.sender)));
        require(ok, "init");
    }

    fallback() external payable {
        assembly {
            let impl := sload(IMPL_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    receive() external payable {}
}

/// @notice CLEAN look-alike: the same UUPS proxy, but the deployer hands the upgrade (owner) to a
/// two-day timelock after launch. Upgradeable, seen coming: the proxy line warns, and nothing reads
/// as a mint, a move or a pause.
contract CleanTimelockUpgrade is UupsUpgradeToken {
    constructor(string memory n, string memory s) UupsUpgradeToken(n, s) {}
}
