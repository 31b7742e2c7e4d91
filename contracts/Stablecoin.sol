// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Stablecoin
/// @notice The local chain's USDC look-alike: an issuer-minted token (like a fiat-backed
/// stablecoin) that USD prices are quoted through.
contract Stablecoin is ERC20, Ownable {
    uint8 private immutable _decimals;

    /// @notice Starts with zero supply; the issuer (`owner_`) mints as "deposits" arrive.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _decimals = decimals_;
    }

    /// @inheritdoc ERC20
    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Issues new units, as the issuer of a real stablecoin does against deposits.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
