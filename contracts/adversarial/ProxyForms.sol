// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice The implementation a launchpad clones (as Flaunch and Doppler deploy their tokens): the
/// usual token, set up by `initialize` in the clone's own storage. Honest: no power beyond setPair.
contract CloneTokenImpl is AdvBase {
    bool internal _initialized;

    constructor() AdvBase("impl", "IMPL") {
        // The implementation itself can never be initialised; each clone has its own storage.
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
}

/// @notice The same implementation with a hidden mint: `distributeRewards` credits any amount to
/// anyone, owner only. Its clones mint; nothing in the clone's 45 bytes of code shows it.
contract CloneMintImpl is CloneTokenImpl {
    function distributeRewards(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice A launchpad factory: each launch is an EIP-1167 minimal proxy of the implementation,
/// initialised for the caller (the creator owns the token).
contract CloneLaunchpad {
    event Launched(address indexed token, address indexed implementation, address indexed creator);

    function launch(address impl, string calldata n, string calldata s) external returns (address token) {
        assembly {
            let p := mload(0x40)
            mstore(p, 0x3d602d80600a3d3981f3363d3d373d3d3d363d73000000000000000000000000)
            mstore(add(p, 0x14), shl(0x60, impl))
            mstore(add(p, 0x28), 0x5af43d82803e903d91602b57fd5bf30000000000000000000000000000000000)
            token := create(0, p, 0x37)
        }
        _init(token, impl, n, s);
    }

    /// The 44-byte minimal proxy Solady's LibClone.clone deploys (0age's form), as Flaunch's and
    /// Doppler's factories do: the same forward, other bytes.
    function launchMinimal(address impl, string calldata n, string calldata s) external returns (address token) {
        bytes memory code = abi.encodePacked(
            hex"602c3d8160093d39f3", hex"3d3d3d3d363d3d37363d73", impl, hex"5af43d3d93803e602a57fd5bf3"
        );
        assembly {
            token := create(0, add(code, 0x20), mload(code))
        }
        _init(token, impl, n, s);
    }

    function _init(address token, address impl, string calldata n, string calldata s) internal {
        require(token != address(0), "clone failed");
        CloneTokenImpl(token).initialize(n, s, msg.sender);
        emit Launched(token, impl, msg.sender);
    }
}

/// @notice An upgradeable beacon: its owner points every proxy that follows it at new code.
contract TokenBeacon {
    address public implementation;
    address public owner;

    event Upgraded(address indexed implementation);

    constructor(address impl) {
        implementation = impl;
        owner = msg.sender;
    }

    function upgradeTo(address impl) external {
        require(msg.sender == owner, "not owner");
        implementation = impl;
        emit Upgraded(impl);
    }
}

/// @notice An EIP-1967 beacon proxy: the beacon slot names the beacon; every call runs the code the
/// beacon's implementation() returns. No implementation slot, no function of its own.
contract BeaconProxyToken {
    bytes32 internal constant BEACON_SLOT = 0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50;

    constructor(address beacon, string memory n, string memory s) {
        assembly {
            sstore(BEACON_SLOT, beacon)
        }
        address impl = TokenBeacon(beacon).implementation();
        (bool ok,) = impl.delegatecall(abi.encodeCall(CloneTokenImpl.initialize, (n, s, msg.sender)));
        require(ok, "init");
    }

    fallback() external payable {
        address beacon;
        assembly {
            beacon := sload(BEACON_SLOT)
        }
        address impl = TokenBeacon(beacon).implementation();
        assembly {
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

/// @notice A delegating fallback with no standard slot: the implementation sits in a private
/// storage word of the proxy's own choosing (as pre-EIP-1967 and home-made proxies keep it), and
/// nothing but the forwarding itself says where the code runs.
contract SlotlessProxyToken {
    // keccak256("flab.adversarial.target"): a slot no standard names.
    bytes32 internal constant TARGET_SLOT = 0x5d1f0ee5e7cfa3d38e4e15b5d1a1d23d3ab45d8e3c2b0e2dcdd1c2bb5ea77d01;

    constructor(address impl, string memory n, string memory s) {
        assembly {
            sstore(TARGET_SLOT, impl)
        }
        (bool ok,) = impl.delegatecall(abi.encodeCall(CloneTokenImpl.initialize, (n, s, msg.sender)));
        require(ok, "init");
    }

    fallback() external payable {
        assembly {
            let impl := sload(TARGET_SLOT)
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
